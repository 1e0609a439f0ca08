import { BOARD_LIMITS, type RichText } from '@hookline/contract';

/**
 * Between Lexical's editor state and the contract's RichText (packages/contract rich-text.ts):
 * the server accepts only root, paragraph, heading h1–h3, number/bullet/check lists, quote, code,
 * line break and text with bold, italic and underline and a hex `color`/`background-color`.
 * `toRichText` keeps exactly that of whatever the editor holds (a pasted link becomes its text,
 * an image or a table cell's frame goes, other format bits and styles are dropped), so what the
 * editor sends always passes the schema. `fromRichText` fills in what Lexical needs to load a
 * stored or plain-made document (version, format, indent…).
 */

type Json = Record<string, unknown>;
type Block = RichText['root']['children'][number];
type ListBlock = Extract<Block, { type: 'list' }>;
type ListItem = ListBlock['children'][number];
type Inline = Exclude<ListItem['children'][number], ListBlock>;
type TextInline = Extract<Inline, { type: 'text' }>;

/** Lexical's text format bits the editor offers: bold 1, italic 2, underline 8. */
export const ALLOWED_FORMAT_BITS = 1 | 2 | 8;
/** Deepest list nesting the editor makes (the schema allows an indent of 10). */
export const MAX_LIST_DEPTH = 6;
const MAX_INDENT = 10;
const ALIGNMENTS = new Set(['', 'left', 'start', 'center', 'right', 'end', 'justify']);
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})(?:[\s,/]+(?:1|1\.0+|100%))?\s*\)$/i;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const childrenOf = (node: Json): Json[] =>
  Array.isArray(node.children) ? node.children.filter(isObject) : [];
const int = (value: unknown, fallback = 0) => (Number.isInteger(value) ? (value as number) : fallback);

/** A colour as the schema takes it (six or three hex digits), from hex or an opaque rgb(); else null. */
function hexColor(value: string): string | null {
  const trimmed = value.trim();
  if (HEX.test(trimmed)) return trimmed.toLowerCase();
  const rgb = RGB.exec(trimmed);
  if (!rgb) return null;
  const parts = rgb.slice(1, 4).map(Number);
  if (parts.some((part) => part > 255)) return null;
  return `#${parts.map((part) => part.toString(16).padStart(2, '0')).join('')}`;
}

/** Of an inline style, only a hex `color` and `background-color` (the last of each). */
export function sanitizeStyle(style: unknown): string {
  if (typeof style !== 'string' || !style) return '';
  const kept = new Map<string, string>();
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    if (property !== 'color' && property !== 'background-color') continue;
    const color = hexColor(declaration.slice(colon + 1));
    if (color) kept.set(property, color);
  }
  return [...kept].map(([property, color]) => `${property}: ${color};`).join(' ');
}

function blockKeys(node: Json) {
  const direction = node.direction === 'ltr' || node.direction === 'rtl' ? node.direction : null;
  const format = typeof node.format === 'string' && ALIGNMENTS.has(node.format) ? node.format : '';
  return {
    direction,
    format,
    indent: Math.min(Math.max(int(node.indent), 0), MAX_INDENT),
    version: int(node.version, 1),
    textFormat: int(node.textFormat) & ALLOWED_FORMAT_BITS,
    textStyle: sanitizeStyle(node.textStyle),
  } as const;
}

function textOf(node: Json, text: string): TextInline {
  const mode = node.mode === 'token' || node.mode === 'segmented' ? node.mode : 'normal';
  return {
    type: 'text',
    text,
    format: int(node.format) & ALLOWED_FORMAT_BITS,
    style: sanitizeStyle(node.style),
    detail: int(node.detail),
    mode,
    version: int(node.version, 1),
  };
}

/** Inline content: text (a code token or a tab is text too), line breaks; other elements give their content. */
function inlineOf(nodes: Json[]): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes) {
    if (node.type === 'linebreak') out.push({ type: 'linebreak', version: 1 });
    else if (node.type === 'tab') out.push(textOf(node, '\t'));
    else if (typeof node.text === 'string') {
      if (node.text) out.push(textOf(node, node.text));
    } else if (node.type !== 'list') out.push(...inlineOf(childrenOf(node)));
  }
  return out;
}

function listOf(node: Json, depth: number): ListBlock {
  const listType = node.listType === 'number' || node.listType === 'check' ? node.listType : 'bullet';
  return {
    type: 'list',
    listType,
    tag: listType === 'number' ? 'ol' : 'ul',
    start: Math.max(int(node.start, 1), 1),
    children: childrenOf(node).map((item, index) => listItemOf(item, listType, depth, index + 1)),
    ...blockKeys(node),
    indent: 0,
  } as ListBlock;
}

function listItemOf(node: Json, listType: string, depth: number, value: number): ListItem {
  const children: ListItem['children'] = [];
  for (const child of childrenOf(node)) {
    if (child.type === 'list') {
      // Deeper than the editor nests: the nested list's items join this level's text.
      if (depth + 1 < MAX_LIST_DEPTH) children.push(listOf(child, depth + 1));
      else children.push(...inlineOf(childrenOf(child).flatMap(childrenOf)));
    } else children.push(...inlineOf([child]));
  }
  return {
    type: 'listitem',
    ...(listType === 'check' ? { checked: node.checked === true } : {}),
    value: int(node.value, value),
    children,
    ...blockKeys(node),
    indent: depth,
  } as ListItem;
}

function blocksOf(nodes: Json[]): Block[] {
  const out: Block[] = [];
  for (const node of nodes) {
    const keys = blockKeys(node);
    switch (node.type) {
      case 'paragraph':
      case 'quote':
        out.push({ type: node.type, children: inlineOf(childrenOf(node)), ...keys });
        break;
      case 'heading': {
        const tag = node.tag === 'h1' || node.tag === 'h2' ? node.tag : 'h3';
        out.push({ type: 'heading', tag, children: inlineOf(childrenOf(node)), ...keys });
        break;
      }
      case 'code': {
        const language = typeof node.language === 'string' ? node.language.slice(0, 40) : null;
        out.push({ type: 'code', language, children: inlineOf(childrenOf(node)), ...keys } as Block);
        break;
      }
      case 'list':
        out.push(listOf(node, 0));
        break;
      default: {
        // Anything else: its blocks when it holds blocks (a table, a layout), else a paragraph of its text.
        const children = childrenOf(node);
        const holdsBlocks = children.some((child) => Array.isArray(child.children) && child.type !== 'link');
        if (holdsBlocks) out.push(...blocksOf(children));
        else {
          const inline = inlineOf(typeof node.text === 'string' ? [node] : children);
          if (inline.length > 0) out.push({ type: 'paragraph', children: inline, ...keys });
        }
      }
    }
  }
  return out;
}

/** The contract's document of an editor state (`editorState.toJSON()`), with nothing the server refuses. */
export function toRichText(state: unknown): RichText {
  const root = isObject(state) && isObject(state.root) ? state.root : { children: [] };
  return { root: { type: 'root', children: blocksOf(childrenOf(root)), ...blockKeys(root) } } as RichText;
}

/** No text and no list: the description is empty (saved as none). */
export function isEmptyRichText(doc: RichText | null | undefined): boolean {
  if (!doc) return true;
  const hasText = (nodes: readonly unknown[]): boolean =>
    nodes.some(
      (node) =>
        isObject(node) &&
        (node.type === 'list' ||
          (typeof node.text === 'string' ? node.text.trim() !== '' : hasText(childrenOf(node)))),
    );
  return !hasText(doc.root.children);
}

/** The document's size as the server measures it. */
export function richTextBytes(doc: RichText): number {
  return new TextEncoder().encode(JSON.stringify(doc)).length;
}

export const isRichTextTooLong = (doc: RichText) => richTextBytes(doc) > BOARD_LIMITS.richDescriptionBytes;

/**
 * A stored document as Lexical's `parseEditorState` loads it: the same normalisation, so a
 * plain description made into paragraphs (type and children only) gets its block keys too.
 */
export function fromRichText(doc: RichText): RichText {
  return toRichText(doc);
}

/**
 * A plain description as paragraphs, a line each (as the contract's plainToRichText, which sits
 * beside the zod schemas: importing it would bring zod into the board page).
 */
export function plainToRichText(text: string): RichText {
  const children = text.split(/\r?\n/).map((line) => ({
    type: 'paragraph' as const,
    children: line ? [{ type: 'text' as const, text: line }] : [],
  }));
  return { root: { type: 'root', children } };
}
