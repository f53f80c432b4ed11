// markdown-it ships its rules as modules (`markdown-it/lib/...`, allowed by its `exports`);
// @types/markdown-it types only the package entry. These are the rules DocuGraph wraps or calls.
declare module 'markdown-it/lib/rules_inline/link.mjs' {
  import type { StateInline } from 'markdown-it';
  export default function link(state: StateInline, silent: boolean): boolean;
}
declare module 'markdown-it/lib/rules_inline/image.mjs' {
  import type { StateInline } from 'markdown-it';
  export default function image(state: StateInline, silent: boolean): boolean;
}
declare module 'markdown-it/lib/rules_inline/autolink.mjs' {
  import type { StateInline } from 'markdown-it';
  export default function autolink(state: StateInline, silent: boolean): boolean;
}
declare module 'markdown-it/lib/rules_inline/escape.mjs' {
  import type { StateInline } from 'markdown-it';
  export default function escape(state: StateInline, silent: boolean): boolean;
}
declare module 'markdown-it/lib/rules_block/paragraph.mjs' {
  import type { StateBlock } from 'markdown-it';
  export default function paragraph(state: StateBlock, startLine: number, endLine: number): boolean;
}
declare module 'markdown-it/lib/rules_block/reference.mjs' {
  import type { StateBlock } from 'markdown-it';
  export default function reference(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean;
}
declare module 'markdown-it-footnote' {
  import type MarkdownIt from 'markdown-it';
  const footnote: MarkdownIt.PluginSimple;
  export default footnote;
}
