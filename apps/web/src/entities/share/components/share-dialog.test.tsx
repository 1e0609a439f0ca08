import type { ShareRecord } from '@hookline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, type RecordedRequest, stubFetch } from '@/test/fetch-stub';
import { acme } from '@/test/identity';
import { BRAND_PATH } from '@/test/library';
import { renderWithProviders } from '@/test/render';
import { ShareDialog } from './share-dialog';

const scope = { accountId: acme.accountId, brandId: acme.id };
const item = { id: '01a21385-21dc-7238-8260-3e2c38e00001', name: 'Launch', library: 'BRAND' as const };
const sharePath = `${BRAND_PATH}/library/BRAND/${item.id}/share`;
const link = {
  href: `https://hookline.test/library/assets/${item.id}?shareToken=shr_abc`,
  shareTokenId: '01a21385-21dc-7238-8260-3e2c38e00002',
  audience: 'ANYONE' as const,
  expiresAt: null,
  hasPassword: false,
  downloadsAllowed: true,
  viewCount: 3,
  lastOpenedAt: new Date(Date.now() - 3_600_000).toISOString(),
};

/** The record as the server sends it (dates as ISO strings). */
type WireRecord = { sharedWith: ShareRecord['sharedWith']; publicShare: typeof link | null };

function setup(initial: WireRecord) {
  let record = initial;
  const posts: RecordedRequest[] = [];
  const network = stubFetch({
    [`GET ${sharePath}`]: () => jsonResponse(record),
    [`POST ${sharePath}`]: (request) => {
      posts.push(request);
      const body = request.body as { isPublic?: boolean; shares?: { email: string; action: string }[] };
      record = {
        publicShare: body.isPublic ? link : record.publicShare,
        sharedWith: [
          ...record.sharedWith,
          ...(body.shares ?? []).map((share, i) => ({
            userId: null,
            name: '',
            email: share.email,
            action: share.action as 'read' | 'write',
            shareTokenId: `01a21385-21dc-7238-8260-3e2c38e0010${i}`,
          })),
        ],
      };
      return jsonResponse(record);
    },
    [`DELETE ${sharePath}/${link.shareTokenId}`]: () => {
      record = { ...record, publicShare: null };
      return jsonResponse(record);
    },
  });
  const rendered = renderWithProviders(
    <ShareDialog opened onClose={() => undefined} scope={scope} item={item} brandName="Acme" />,
  );
  return { ...rendered, network, posts };
}

describe('share modal', () => {
  it('turning the public link on creates and copies it; its views show; off deletes it by its id', async () => {
    const { user, posts, network } = setup({ sharedWith: [], publicShare: null });
    const toggle = await screen.findByRole('switch', { name: 'Public link' });
    await user.click(toggle);
    await screen.findByText('Link copied');
    expect(posts[0]?.body).toMatchObject({
      resourceId: item.id,
      library: 'BRAND',
      isPublic: true,
      actions: ['read'],
    });
    expect(await screen.findByText(/Opened 3 times, last 1 hour ago/)).toBeTruthy();
    expect(screen.getByText('Anyone with the link')).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Public link' }));
    await waitFor(() => expect(network.to(`${sharePath}/${link.shareTokenId}`)).toHaveLength(1));
  });

  it('adding someone opens the invite pane; Send shares with the role and message; back clears what was pending', async () => {
    const { user, posts } = setup({ sharedWith: [], publicShare: null });
    const add = await screen.findByRole('textbox', { name: 'Add people by e-mail' });
    await user.type(add, 'not-an-email{Enter}');
    expect(await screen.findByText('not-an-email is not a valid e-mail address')).toBeTruthy();
    await user.clear(add);
    await user.type(add, 'ben@example.com{Enter}');
    const pane = await screen.findByTestId('invite-pane');
    expect(within(pane).getByText('ben@example.com')).toBeTruthy();
    // Back returns to the main pane and forgets the pending invite.
    await user.click(within(pane).getByRole('button', { name: 'Back' }));
    expect(screen.queryByTestId('invite-pane')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Add people by e-mail' }), 'cleo@example.com,');
    const again = await screen.findByTestId('invite-pane');
    expect(within(again).queryByText('ben@example.com')).toBeNull();
    await user.type(within(again).getByRole('textbox', { name: 'Message (optional)' }), 'Have a look');
    expect(within(again).getByText('11 / 2000')).toBeTruthy();
    await user.click(within(again).getByRole('button', { name: 'Send' }));
    await screen.findByText('Invitation sent');
    expect(posts[0]?.body).toMatchObject({
      shares: [{ email: 'cleo@example.com', action: 'read' }],
      shareText: 'Have a look',
      notify: true,
    });
    expect(await screen.findByText('cleo@example.com')).toBeTruthy();
  });
});
