import { type RichText, richTextSchema } from '@hookline/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  $createTextNode,
  $getRoot,
  $isElementNode,
  $isTextNode,
  type LexicalEditor,
  PASTE_COMMAND,
  type PasteCommandType,
} from 'lexical';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { paletteColors, paletteHues } from './palette';
import RichDescriptionEditor from './rich-description-editor';
import { toRichText } from './rich-text-doc';

const text = (value: string, extra: Record<string, unknown> = {}) => ({
  type: 'text' as const,
  text: value,
  ...extra,
});

/** Every format of the seeds (000 §9 "Rich text formats"), as the server stores it. */
const everything = {
  root: {
    type: 'root',
    children: [
      { type: 'heading', tag: 'h1', children: [text('Summer launch')] },
      { type: 'heading', tag: 'h2', children: [text('Goal')] },
      { type: 'heading', tag: 'h3', children: [text('Audience')] },
      {
        type: 'paragraph',
        children: [
          text('Bold', { format: 1 }),
          text(' italic', { format: 2 }),
          text(' underlined', { format: 8 }),
          text(' red on yellow', { style: 'color: #fa5252; background-color: #fff3bf;' }),
          { type: 'linebreak' },
          text('second line'),
        ],
      },
      {
        type: 'list',
        listType: 'number',
        children: [
          { type: 'listitem', children: [text('First')] },
          {
            type: 'listitem',
            children: [
              {
                type: 'list',
                listType: 'bullet',
                children: [
                  { type: 'listitem', children: [text('Nested bullet')] },
                  { type: 'listitem', children: [text('Another', { format: 1 })] },
                ],
              },
            ],
          },
          { type: 'listitem', children: [text('Second')] },
        ],
      },
      {
        type: 'list',
        listType: 'check',
        children: [
          { type: 'listitem', checked: true, children: [text('Brief written')] },
          { type: 'listitem', checked: false, children: [text('Assets approved')] },
        ],
      },
      { type: 'quote', children: [text('Less is more')] },
      { type: 'code', children: [text('const hook = "3s";'), { type: 'linebreak' }, text('play(hook);')] },
    ],
  },
} as RichText;

function renderEditor(value: RichText | null, props: { readOnly?: boolean } = {}) {
  const onChange = vi.fn<(doc: RichText) => void>();
  const rendered = renderWithProviders(
    <RichDescriptionEditor value={value} onChange={onChange} aria-label="Description" {...props} />,
  );
  const root = rendered.container.querySelector<HTMLElement>('[contenteditable]');
  if (!root) throw new Error('no editor');
  const editor = (root as unknown as { __lexicalEditor: LexicalEditor }).__lexicalEditor;
  const lastDoc = () => {
    const doc = onChange.mock.calls.at(-1)?.[0];
    if (!doc) throw new Error('no change was handed out');
    return doc;
  };
  return { ...rendered, root, editor, onChange, lastDoc };
}

/** Appends text at the end of the document, as typing there would. */
async function appendText(editor: LexicalEditor, value: string) {
  await act(async () => {
    editor.update(
      () => {
        const last = $getRoot().getLastChild();
        if ($isElementNode(last)) last.append($createTextNode(value));
      },
      { discrete: true },
    );
  });
}

/** Selects the whole text of the first text node. */
async function selectFirstText(editor: LexicalEditor) {
  await act(async () => {
    editor.update(
      () => {
        const first = $getRoot().getAllTextNodes()[0];
        if ($isTextNode(first)) first.select(0, first.getTextContentSize());
      },
      { discrete: true },
    );
  });
}

describe('rich description: the documents it hands out pass the contract', () => {
  it('loads every format, and hands back a document the schema accepts and that loads the same again', async () => {
    expect(richTextSchema.safeParse(everything).success).toBe(true);
    const first = renderEditor(everything);
    // What a reader sees: the formats as Lexical renders them.
    expect(first.root.querySelector('h1')?.textContent).toBe('Summer launch');
    expect(first.root.querySelector('h3')?.textContent).toBe('Audience');
    expect(first.root.querySelector('strong')?.textContent).toBe('Bold');
    const coloured = within(first.root).getByText('red on yellow', { exact: false });
    expect(coloured.getAttribute('style')).toContain('color: #fa5252');
    expect(coloured.getAttribute('style')).toContain('background-color: #fff3bf');
    expect(first.root.querySelector('ol ul li')?.textContent).toBe('Nested bullet');
    const checks = first.root.querySelectorAll('[role="checkbox"]');
    expect([...checks].map((item) => item.getAttribute('aria-checked'))).toEqual(['true', 'false']);
    expect(first.root.querySelector('blockquote')?.textContent).toBe('Less is more');
    expect(first.root.querySelector('code')?.textContent).toContain('play(hook);');

    await appendText(first.editor, ' (edited)');
    const doc = first.lastDoc();
    const parsed = richTextSchema.safeParse(doc);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    // Nothing was lost on the way: the same document, plus the edit.
    expect(JSON.stringify(doc)).toContain('(edited)');
    const { children } = doc.root;
    expect(children.map((block) => block.type)).toEqual([
      'heading',
      'heading',
      'heading',
      'paragraph',
      'list',
      'list',
      'quote',
      'code',
    ]);
    const numbered = children[4] as Extract<RichText['root']['children'][number], { type: 'list' }>;
    expect(numbered.listType).toBe('number');
    const nested = numbered.children[1]?.children[0];
    expect(nested).toMatchObject({ type: 'list', listType: 'bullet' });
    const check = children[5] as typeof numbered;
    expect(check.children.map((item) => item.checked)).toEqual([true, false]);
    expect(JSON.stringify(children[3])).toContain('"style":"color: #fa5252; background-color: #fff3bf;"');

    // The document loads into a new editor as it was: its own output is the same.
    first.unmount();
    const second = renderEditor(doc);
    expect(toRichText(second.editor.getEditorState().toJSON())).toEqual(doc);
    expect(second.root.querySelector('ol ul li')?.textContent).toBe('Nested bullet');
  });

  it('a plain description (paragraphs of type and children only) loads and saves as a valid document', async () => {
    const plain = {
      root: { type: 'root', children: [{ type: 'paragraph', children: [text('Just words')] }] },
    } as RichText;
    const { editor, lastDoc } = renderEditor(plain);
    await appendText(editor, '!');
    expect(richTextSchema.safeParse(lastDoc()).success).toBe(true);
    expect(lastDoc().root.children[0]).toMatchObject({ type: 'paragraph' });
  });

  it('pasted links keep their text; images, strikethrough and other styles are left out', async () => {
    const { editor, lastDoc } = renderEditor(null);
    const html =
      '<p>See <a href="https://example.com">the brief</a><img src="https://example.com/x.png" alt="x"> ' +
      '<s>old</s> <b><sub>low</sub></b> <code>x()</code> <span style="color: rgb(250, 82, 82); font-size: 40px; position: fixed">red</span></p>' +
      '<h5>Small heading</h5><table><tr><td>Cell</td></tr></table>';
    const data: Record<string, string> = { 'text/html': html, 'text/plain': 'See the brief old red' };
    const clipboardData = {
      types: Object.keys(data),
      files: [],
      items: [],
      getData: (type: string) => data[type] ?? '',
    };
    await act(async () => {
      editor.update(() => $getRoot().selectEnd(), { discrete: true });
      editor.dispatchCommand(PASTE_COMMAND, {
        clipboardData,
        preventDefault: () => {},
        type: 'paste',
      } as unknown as PasteCommandType);
    });
    await waitFor(() => expect(JSON.stringify(lastDoc())).toContain('the brief'));
    const doc = lastDoc();
    const parsed = richTextSchema.safeParse(doc);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    const json = JSON.stringify(doc);
    expect(json).not.toContain('example.com');
    expect(json).not.toContain('font-size');
    expect(json).toContain('Cell');
    // The editor itself holds only what it hands out: no H5, no strikethrough or code format.
    const held = JSON.stringify(editor.getEditorState().toJSON());
    expect(held).not.toContain('"h5"');
    expect(held).toContain('"h3"');
    const formats = [...held.matchAll(/"format":(\d+)/g)].map((match) => Number(match[1]));
    expect(formats.every((bits) => (bits & ~(1 | 2 | 8)) === 0)).toBe(true);
    expect(toRichText(editor.getEditorState().toJSON())).toEqual(doc);
  });

  it('bold and a palette colour from the toolbar are saved as the schema allows', async () => {
    const plain = {
      root: { type: 'root', children: [{ type: 'paragraph', children: [text('Hook')] }] },
    } as RichText;
    const { editor, user, lastDoc } = renderEditor(plain);
    await selectFirstText(editor);
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await waitFor(() => expect(lastDoc().root.children[0]).toMatchObject({ children: [{ format: 1 }] }));

    await selectFirstText(editor);
    await user.click(screen.getByTestId('rich-text-color'));
    const palette = await screen.findByTestId('rich-text-color-palette');
    expect(within(palette).getAllByRole('button')).toHaveLength(80);
    await user.click(within(palette).getByRole('button', { name: 'Red 6' }));
    await waitFor(() =>
      expect(lastDoc().root.children[0]).toMatchObject({ children: [{ style: 'color: #fa5252;' }] }),
    );
    expect(richTextSchema.safeParse(lastDoc()).success).toBe(true);
  });

  it('readers get the read-only rendering: no toolbar, nothing editable', () => {
    const { root } = renderEditor(everything, { readOnly: true });
    expect(root.getAttribute('contenteditable')).toBe('false');
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(root.querySelector('h1')?.textContent).toBe('Summer launch');
  });
});

describe('rich description palette', () => {
  it('has 80 distinct hex colours: 10 hues of 8 shades', () => {
    expect(paletteHues).toHaveLength(10);
    for (const row of paletteHues) expect(row.shades).toHaveLength(8);
    expect(new Set(paletteColors).size).toBe(80);
    for (const color of paletteColors) {
      const style = `color: ${color}; background-color: ${color};`;
      const doc = {
        root: { type: 'root', children: [{ type: 'paragraph', children: [text('x', { style })] }] },
      };
      expect(richTextSchema.safeParse(doc).success, color).toBe(true);
    }
  });
});
