/** Small DOM helpers: every piece of document text goes in through `textContent`, never as markup. */

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className !== undefined) node.className = className;
  return node;
}

export function byId<T extends HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

/** A list item holding a button that runs `onClick`. */
export function itemButton(text: string, onClick: () => void, title?: string): HTMLLIElement {
  const li = el('li');
  const button = el('button', text);
  button.type = 'button';
  if (title !== undefined) button.title = title;
  button.addEventListener('click', onClick);
  li.append(button);
  return li;
}
