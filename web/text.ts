/** Text on the canvas: cut to a width, and a group's counts as one line. */

/** `text`, or as much of it as fits in `width` (at the context's font) and an ellipsis. */
export function fit(ctx: CanvasRenderingContext2D, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (ctx.measureText(`${text.slice(0, mid)}…`).width <= width) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, low)}…`;
}

/** `48 items: 20 done, 12 ready, 16 blocked`. */
export function countLine(total: number, states: readonly number[], names: readonly string[]): string {
  const parts = states.flatMap((count, s) => (count === 0 ? [] : [`${count} ${names[s]}`]));
  return `${total} ${total === 1 ? 'item' : 'items'}: ${parts.join(', ')}`;
}
