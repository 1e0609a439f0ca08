import type { Asset } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { image } from '../../test/media-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { brandPath, processed, uploadFile } from '../../test/uploads.js';

/**
 * Resolving a duplicate needs write access, and SKIP (which deletes the new file) delete access
 * too (issue 15 "Security and tests"). The authorization matrix resolves with KEEP_BOTH only;
 * here an editor the duplicate itself is shared with may change it but not delete it (a share
 * never deletes its own item): SKIP is refused and nothing is deleted, KEEP_BOTH is allowed.
 */

describe('resolving a duplicate as someone who may update it but not delete it', () => {
  let t: TestApp;
  let owner: TestUser;
  let editor: TestUser;
  let original: Asset;
  let copy: Asset;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, { role: 'member' });
    editor = await createUser(t);
    const bytes = await image(900, 600);
    original = await processed(t, owner, (await uploadFile(t, owner, 'Hero.jpg', bytes)).created.id, 120_000);
    copy = await processed(
      t,
      owner,
      (await uploadFile(t, owner, 'Hero copy.jpg', bytes)).created.id,
      120_000,
    );
    const share = await t.app.inject({
      method: 'POST',
      url: brandPath(owner, `/library/BRAND/${copy.id}/share`),
      headers: owner.headers,
      payload: {
        resourceId: copy.id,
        library: 'BRAND',
        shares: [{ email: editor.email, action: 'write' }],
        notify: false,
      },
    });
    expect(share.statusCode, share.body).toBeLessThan(300);
  });
  afterAll(() => t?.close());

  const resolve = (as: TestUser, action: string) =>
    t.app.inject({
      method: 'POST',
      url: brandPath(owner, `/assets/${copy.id}/duplicate-resolution`),
      headers: as.headers,
      payload: { action },
    });
  const asOwner = () =>
    t.app.inject({
      method: 'GET',
      url: brandPath(owner, `/library/BRAND/${copy.id}`),
      headers: owner.headers,
    });

  it('refuses SKIP and deletes nothing; allows KEEP_BOTH', async () => {
    expect(copy.duplicateOf).toEqual({ id: original.id, name: 'Hero.jpg', identical: true });
    const skip = await resolve(editor, 'SKIP');
    expect(skip.statusCode, skip.body).toBe(403);
    const still = await asOwner();
    expect(still.statusCode).toBe(200);
    expect(still.json<Asset>().duplicateOf).toEqual({ id: original.id, name: 'Hero.jpg', identical: true });

    const keep = await resolve(editor, 'KEEP_BOTH');
    expect(keep.statusCode, keep.body).toBe(200);
    expect((await asOwner()).json<Asset>().duplicateOf).toBeNull();
  });
});
