import { describe, expect, it } from 'vitest';
import {
  isAllowedStyle,
  plainToRichText,
  type RichText,
  richTextSchema,
  richTextToPlain,
} from './rich-text.js';

const text = (value: string, extra: object = {}) => ({
  type: 'text',
  text: value,
  format: 0,
  version: 1,
  ...extra,
});
const doc = (...children: object[]) => ({
  root: { type: 'root', children, direction: 'ltr', format: '', indent: 0, version: 1 },
});

describe('rich descriptions (boards)', () => {
  it('takes the seeds formats: headings, lists with checks, quote, code, bold, italic, underline, hex colours', () => {
    const input = doc(
      { type: 'heading', tag: 'h2', children: [text('Launch plan', { format: 1 })] },
      {
        type: 'list',
        listType: 'check',
        tag: 'ul',
        start: 1,
        children: [
          { type: 'listitem', checked: true, value: 1, children: [text('Cut v2')] },
          {
            type: 'listitem',
            value: 2,
            children: [
              text('Music', { format: 2 | 8, style: 'color: #e03131; background-color:#fff' }),
              {
                type: 'list',
                listType: 'bullet',
                children: [{ type: 'listitem', children: [text('Licence')] }],
              },
            ],
          },
        ],
      },
      { type: 'quote', children: [text('Hook in 2 s')] },
      { type: 'code', language: null, children: [text('9:16'), { type: 'linebreak' }, text('4:5')] },
      { type: 'paragraph', children: [], textFormat: 0, textStyle: '' },
    );
    const parsed = richTextSchema.safeParse(input);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(richTextToPlain(parsed.data as RichText)).toBe(
      'Launch plan\nCut v2\nMusic\nLicence\nHook in 2 s\n9:16\n4:5',
    );
  });

  it('refuses links, images, unknown nodes, other formats and styles, and documents over 100 KB', () => {
    const refused = [
      doc({
        type: 'paragraph',
        children: [{ type: 'link', url: 'javascript:alert(1)', children: [text('x')] }],
      }),
      doc({ type: 'image', src: 'https://example.com/a.png' }),
      doc({ type: 'heading', tag: 'h4', children: [] }),
      doc({ type: 'paragraph', children: [text('x', { format: 4 })] }),
      doc({ type: 'paragraph', children: [text('x', { style: 'color: red' })] }),
      doc({ type: 'paragraph', children: [text('x', { style: 'background-image: url(x)' })] }),
      doc({ type: 'paragraph', children: [text('x', { style: 'color: #fff; color: #000' })] }),
      doc({ type: 'paragraph', children: [text('x'.repeat(110 * 1024))] }),
      { root: { type: 'paragraph', children: [] } },
    ];
    for (const input of refused)
      expect(richTextSchema.safeParse(input).success, JSON.stringify(input).slice(0, 80)).toBe(false);
  });

  it('allows only hex colour declarations in styles', () => {
    expect(isAllowedStyle('')).toBe(true);
    expect(isAllowedStyle('color: #abc;')).toBe(true);
    expect(isAllowedStyle('background-color:#AABBCC; color:#123456')).toBe(true);
    expect(isAllowedStyle('color: #abcd')).toBe(false);
    expect(isAllowedStyle('font-size: 40px')).toBe(false);
  });

  it('a plain description becomes a paragraph per line, and back', () => {
    const rich = plainToRichText('First line\n\nThird');
    expect(richTextSchema.safeParse(rich).success).toBe(true);
    expect(rich.root.children).toHaveLength(3);
    expect(richTextToPlain(rich)).toBe('First line\n\nThird');
  });
});
