import type { Comment } from '@hookline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, type RecordedRequest } from '@/test/fetch-stub';
import { signIn } from '@/test/identity';
import { BRAND_PATH, libraryRoutes, makeAsset } from '@/test/library';
import { renderApp } from '@/test/render';

const clip = makeAsset({ name: 'Review.mp4', type: 'VIDEO' });
const ana = { id: 'user-ana', firstName: 'Ana', lastName: 'Lopez', email: 'ana@acme.test' };
const ben = {
  id: '00000000-0000-4000-8000-0000000000b2',
  firstName: 'Ben',
  lastName: 'Ode',
  email: 'ben@acme.test',
};

const comment = (overrides: Partial<Comment> & Pick<Comment, 'id' | 'text'>): Comment => ({
  user: ana,
  userId: ana.id,
  start: null,
  end: null,
  createdAt: new Date('2026-11-20T10:00:00Z'),
  updatedAt: new Date('2026-11-20T10:00:00Z'),
  resolved: false,
  parentId: null,
  reactions: [],
  asset: { id: clip.id, name: clip.name },
  board: null,
  mentionUserIds: [],
  annotation: null,
  pin: null,
  children: [],
  ...overrides,
});

function openComments(threads: Comment[], people: Promise<void> = Promise.resolve()) {
  const posted: RecordedRequest[] = [];
  const network = signIn({
    routes: {
      ...libraryRoutes([clip]),
      [`GET ${BRAND_PATH}/assets/${clip.id}/comments`]: () => jsonResponse(threads),
      [`GET ${BRAND_PATH}/assets/${clip.id}/mentions`]: async () =>
        people.then(() =>
          jsonResponse([ana, ben, { id: '0', firstName: 'Company editor', lastName: '', email: null }]),
        ),
      [`POST ${BRAND_PATH}/assets/${clip.id}/comments`]: (request) => {
        posted.push(request);
        const body = request.body as { content: string; start?: number; parentId?: string };
        return jsonResponse(
          comment({ id: `c-${posted.length}`, text: body.content, start: body.start ?? null }),
          {
            status: 201,
          },
        );
      },
      [`DELETE ${BRAND_PATH}/comments/c-1`]: () => jsonResponse({ ok: true }),
      [`POST ${BRAND_PATH}/comments/c-1/restore`]: () => jsonResponse(threads[0]),
      [`POST ${BRAND_PATH}/comments/c-1/resolve`]: () => jsonResponse({ ...threads[0], resolved: true }),
    },
  });
  const rendered = renderApp(`/library/assets/root/${clip.id}/comments`);
  return { ...rendered, network, posted };
}

describe('comments tab', () => {
  // The first test also loads the player's and the panel's code.
  it('lists threads with mentions by name; Enter sends, Shift+Enter adds a line, blank cannot be sent', {
    timeout: 20_000,
  }, async () => {
    const { user, posted } = openComments([
      comment({ id: 'c-1', text: `Nice cut @[Ben Ode](${ben.id})`, start: 12, mentionUserIds: [ben.id] }),
    ]);
    const panel = await screen.findByTestId('comments-panel', {}, { timeout: 5000 });
    const thread = await within(panel).findByTestId('comment-thread');
    expect(thread.textContent).toContain('Nice cut @Ben Ode');
    expect(within(thread).getByRole('button', { name: 'Go to 0:12' })).toBeTruthy();

    const composer = screen.getByRole('textbox', { name: 'Add a comment… (@ to mention)' });
    expect((screen.getByRole('button', { name: 'Comment' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(composer, 'First line{Shift>}{Enter}{/Shift}second');
    expect((composer as HTMLTextAreaElement).value).toBe('First line\nsecond');
    expect(screen.getByText('17 / 4000')).toBeTruthy();
    await user.type(composer, '{Enter}');
    await waitFor(() => expect(posted).toHaveLength(1));
    // No media loaded yet (the file is processing): no playhead, so no time.
    expect(posted[0]?.body).toEqual({ content: 'First line\nsecond' });
  });

  it("'@' offers the people to mention; the pick is stored as @[Name](id)", async () => {
    const { user, posted } = openComments([]);
    const composer = await screen.findByRole('textbox', { name: 'Add a comment… (@ to mention)' });
    await user.type(composer, 'Thanks @be');
    const list = await screen.findByRole('listbox', { name: 'People to mention' }, { timeout: 3000 });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Benben@acme.test'.replace('Benben', 'Ben Odeben')]);
    await user.keyboard('{Enter}');
    expect((composer as HTMLTextAreaElement).value).toBe('Thanks @Ben Ode ');
    await user.type(composer, 'for this{Enter}');
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).toEqual({ content: `Thanks @[Ben Ode](${ben.id}) for this` });
  });

  it("an '@' typed before the people have loaded shows the list once they arrive", async () => {
    let arrive = () => undefined as void;
    const { user } = openComments(
      [],
      new Promise<void>((resolve) => {
        arrive = resolve;
      }),
    );
    const composer = await screen.findByRole('textbox', { name: 'Add a comment… (@ to mention)' });
    await user.type(composer, 'Thanks @an');
    expect(screen.queryByRole('listbox', { name: 'People to mention' })).toBeNull();
    arrive();
    const list = await screen.findByRole('listbox', { name: 'People to mention' }, { timeout: 3000 });
    expect(within(list).getByText('Ana Lopez')).toBeTruthy();
  });

  it('deleting shows Undo, which restores; resolving says so', async () => {
    const { user, network } = openComments([comment({ id: 'c-1', text: 'Mine' })]);
    const thread = await screen.findByTestId('comment-thread');
    await user.click(within(thread).getByRole('button', { name: 'Comment actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Resolve' }));
    expect(await screen.findByText('Comment resolved')).toBeTruthy();

    await user.click(within(thread).getByRole('button', { name: 'Comment actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByText('Comment deleted')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(network.to(`${BRAND_PATH}/comments/c-1/restore`)).toHaveLength(1));
  });

  it('Reply opens a composer that closes on Escape and sends with the parent', async () => {
    const { user, posted } = openComments([comment({ id: 'c-1', text: 'Question?' })]);
    const thread = await screen.findByTestId('comment-thread');
    await user.click(within(thread).getByRole('button', { name: 'Reply' }));
    const reply = await within(thread).findByRole('textbox', { name: 'Reply…' });
    await user.type(reply, 'Nope{Escape}');
    await waitFor(() => expect(within(thread).queryByRole('textbox', { name: 'Reply…' })).toBeNull());
    await user.click(within(thread).getByRole('button', { name: 'Reply' }));
    await user.type(await within(thread).findByRole('textbox', { name: 'Reply…' }), 'Answer{Enter}');
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).toMatchObject({ content: 'Answer', parentId: 'c-1' });
  });

  it('markup in a comment shows as text, never as HTML', async () => {
    const markup = 'Logo <img src=x onerror="window.__pwned=1"> here';
    openComments([comment({ id: 'c-1', text: markup })]);
    const thread = await screen.findByTestId('comment-thread');
    expect(thread.textContent).toContain(markup);
    expect(thread.querySelector('img[src="x"]')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
