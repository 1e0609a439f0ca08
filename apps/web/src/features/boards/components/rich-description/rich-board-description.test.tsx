import { type Board, type RichText, richTextSchema } from '@hookline/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { $createTextNode, $getRoot, $isElementNode, type LexicalEditor } from 'lexical';
import { describe, expect, it } from 'vitest';
import { errorResponse, type FetchHandler, jsonResponse } from '@/test/fetch-stub';
import { acme, signIn } from '@/test/identity';
import { BRAND_PATH } from '@/test/library';
import { renderApp } from '@/test/render';
import { boardRoutes, makeBoard } from '../../test/boards-api';

const QUERY = `?accountId=${acme.accountId}&brandId=${acme.id}`;

function setup(board: Board, routes: Record<string, FetchHandler> = {}) {
  const network = signIn({
    routes: { ...boardRoutes([board]), 'GET /api/feature-flags': () => jsonResponse({}), ...routes },
  });
  const rendered = renderApp(`/boards/${board.id}${QUERY}`);
  return {
    ...rendered,
    network,
    puts: () => network.to(`${BRAND_PATH}/boards/${board.id}`).filter((r) => r.method === 'PUT'),
  };
}

async function editorOf(testId = 'board-rich-description') {
  const frame = await screen.findByTestId(testId, {}, { timeout: 5000 });
  const root = frame.querySelector<HTMLElement>('[contenteditable]');
  if (!root) throw new Error('no editor');
  return { root, editor: (root as unknown as { __lexicalEditor: LexicalEditor }).__lexicalEditor };
}

async function type(editor: LexicalEditor, value: string) {
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

const paragraph = (value: string) =>
  ({
    root: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', text: value }] }] },
  }) as RichText;

describe('board page: rich description (board-templates flag on)', () => {
  it('is saved as lexicalDescription 1 s after typing stops; a failed save keeps the text and says so', async () => {
    const board = makeBoard({ name: 'Launch', description: 'Old plain text' });
    let refuse = false;
    const { puts } = setup(board, {
      ...boardRoutes([board], {
        update: () => (refuse ? errorResponse(500, { message: 'boom' }) : undefined),
      }),
    });
    const { root, editor } = await editorOf();
    // A plain description opens as its paragraphs.
    expect(root.textContent).toBe('Old plain text');

    await type(editor, ' for summer');
    expect(puts()).toHaveLength(0);
    await waitFor(() => expect(puts()).toHaveLength(1), { timeout: 2500 });
    const body = puts()[0]?.body as { lexicalDescription: RichText };
    expect(Object.keys(body)).toEqual(['lexicalDescription']);
    expect(richTextSchema.safeParse(body.lexicalDescription).success).toBe(true);
    expect(JSON.stringify(body.lexicalDescription)).toContain('for summer');

    refuse = true;
    await type(editor, '!');
    // Leaving the editor saves at once.
    root.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: document.body }));
    expect(await screen.findByText('Failed to save changes. Please try again.')).toBeTruthy();
    expect(puts()).toHaveLength(2);
    await waitFor(() => expect(root.textContent).toBe('Old plain text for summer!'));
    // The next pause tries again with the kept text.
    refuse = false;
    await type(editor, '?');
    await waitFor(() => expect(puts()).toHaveLength(3), { timeout: 2500 });
    expect(JSON.stringify(puts()[2]?.body)).toContain('for summer!?');
  }, 20_000);

  it('readers see the description read-only, without a toolbar', async () => {
    const board = makeBoard({
      name: 'Launch',
      lexicalDescription: paragraph('For reviewers'),
      can: { update: false, comment: true, invite: false, delete: false, review: false },
    });
    setup(board);
    const { root } = await editorOf('board-description');
    await waitFor(() => expect(root.textContent).toBe('For reviewers'));
    expect(root.getAttribute('contenteditable')).toBe('false');
    expect(screen.queryByRole('toolbar', { name: 'Text formatting' })).toBeNull();
  });
});
