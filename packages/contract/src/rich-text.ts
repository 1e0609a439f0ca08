import { z } from 'zod';
import { BOARD_LIMITS } from './board-constants.js';

/**
 * A board's rich description (000 §2 "Board detail"; the boards issue): a Lexical editor
 * state limited to the seeds' formats. Root, paragraph, heading h1–h3, numbered, bullet and
 * check lists, quote, code, line break and text, whose format may only be bold, italic and
 * underline and whose style only a hex `color` and `background-color`. Anything else (a link,
 * an image, a script in a style) is refused with one message, so a stored description never
 * carries more than the editor shows. Unknown keys on known nodes are dropped.
 */
export const UNSUPPORTED_RICH_TEXT = 'Unsupported content in description';

/** Lexical's text format bits the editor offers: bold 1, italic 2, underline 8. */
const ALLOWED_FORMAT_BITS = 1 | 2 | 8;
const DECLARATION = /^(color|background-color)\s*:\s*#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** A style of hex `color` and `background-color` only, each at most once (or nothing). */
export function isAllowedStyle(value: string): boolean {
  const seen = new Set<string>();
  for (const part of value.split(';')) {
    const declaration = part.trim();
    if (!declaration) continue;
    const match = DECLARATION.exec(declaration);
    if (!match || seen.has(match[1]!)) return false;
    seen.add(match[1]!);
  }
  return true;
}

const style = z.string().max(200).refine(isAllowedStyle, UNSUPPORTED_RICH_TEXT);
const format = z
  .number()
  .int()
  .min(0)
  .refine((bits) => (bits & ~ALLOWED_FORMAT_BITS) === 0, UNSUPPORTED_RICH_TEXT);
/** Block alignment and indentation as Lexical writes them. */
const blockKeys = {
  direction: z.enum(['ltr', 'rtl']).nullable().optional(),
  format: z.enum(['', 'left', 'start', 'center', 'right', 'end', 'justify']).optional(),
  indent: z.number().int().min(0).max(10).optional(),
  version: z.number().int().optional(),
  textFormat: format.optional(),
  textStyle: style.optional(),
};

const textNode = z.object({
  type: z.literal('text'),
  text: z.string(),
  format: format.optional(),
  style: style.optional(),
  detail: z.number().int().optional(),
  mode: z.enum(['normal', 'token', 'segmented']).optional(),
  version: z.number().int().optional(),
});
const lineBreakNode = z.object({ type: z.literal('linebreak'), version: z.number().int().optional() });
/** What sits inside a paragraph, heading, quote, code block or list item. */
const inlineNode = z.discriminatedUnion('type', [textNode, lineBreakNode]);

export type RichTextBlock =
  | { type: 'paragraph' | 'quote' | 'code'; children: RichTextInline[] }
  | { type: 'heading'; tag: 'h1' | 'h2' | 'h3'; children: RichTextInline[] }
  | { type: 'list'; listType: 'number' | 'bullet' | 'check'; children: RichTextListItem[] };
export type RichTextInline = z.infer<typeof inlineNode>;
export interface RichTextListItem {
  type: 'listitem';
  checked?: boolean | undefined;
  children: (RichTextInline | Extract<RichTextBlock, { type: 'list' }>)[];
}

const paragraphNode = z.object({ type: z.literal('paragraph'), children: z.array(inlineNode), ...blockKeys });
const quoteNode = z.object({ type: z.literal('quote'), children: z.array(inlineNode), ...blockKeys });
const codeNode = z.object({
  type: z.literal('code'),
  children: z.array(inlineNode),
  language: z.string().max(40).nullable().optional(),
  ...blockKeys,
});
const headingNode = z.object({
  type: z.literal('heading'),
  tag: z.enum(['h1', 'h2', 'h3']),
  children: z.array(inlineNode),
  ...blockKeys,
});
const listNode: z.ZodType<Extract<RichTextBlock, { type: 'list' }>> = z
  .lazy(
    () =>
      z.object({
        type: z.literal('list'),
        listType: z.enum(['number', 'bullet', 'check']),
        tag: z.enum(['ol', 'ul']).optional(),
        start: z.number().int().optional(),
        children: z.array(listItemNode),
        ...blockKeys,
      }),
    // Named, so the API document refers to the recursive list by name.
  )
  .meta({ id: 'RichTextList' });
const listItemNode: z.ZodType<RichTextListItem> = z
  .lazy(() =>
    z.object({
      type: z.literal('listitem'),
      checked: z.boolean().optional(),
      value: z.number().int().optional(),
      children: z.array(z.union([textNode, lineBreakNode, listNode])),
      ...blockKeys,
    }),
  )
  .meta({ id: 'RichTextListItem' });
const blockNode = z.union([paragraphNode, quoteNode, codeNode, headingNode, listNode]);

export const richTextSchema = z
  .object({
    root: z.object({
      type: z.literal('root'),
      children: z.array(blockNode),
      ...blockKeys,
    }),
  })
  .refine(
    (doc) => new TextEncoder().encode(JSON.stringify(doc)).length <= BOARD_LIMITS.richDescriptionBytes,
    'The description is too long',
  );
export type RichText = { root: { type: 'root'; children: RichTextBlock[] } };

const inlineText = (nodes: readonly (RichTextInline | RichTextBlock)[]): string =>
  nodes.map((node) => (node.type === 'text' ? node.text : node.type === 'linebreak' ? '\n' : '')).join('');

/**
 * The plain description of a rich one (search reads it): a line per block, a line per list
 * item (nested lists follow their item).
 */
export function richTextToPlain(doc: RichText): string {
  const lines: string[] = [];
  const block = (node: RichTextBlock) => {
    if (node.type !== 'list') {
      lines.push(inlineText(node.children));
      return;
    }
    for (const item of node.children) {
      lines.push(inlineText(item.children));
      for (const child of item.children) if (child.type === 'list') block(child);
    }
  };
  for (const node of doc.root.children) block(node);
  return lines.join('\n').trim();
}

/** A plain description as a rich one: a paragraph per line (a plain-only update replaces it so). */
export function plainToRichText(text: string): RichText {
  return {
    root: {
      type: 'root',
      children: text.split(/\r?\n/).map((line) => ({
        type: 'paragraph' as const,
        children: line ? [{ type: 'text' as const, text: line }] : [],
      })),
    },
  };
}
