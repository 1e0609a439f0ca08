import type { Asset } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion } from '../../../test/fake-openai.js';
import { analysed } from '../../test/analysis.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { useFakeOpenAi } from '../../test/fake-openai-world.js';
import { brandCall } from '../../test/integrations-world.js';
import { image } from '../../test/media-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { getAsset, uploadFile } from '../../test/uploads.js';

/**
 * The description the AI analysis writes (issue 15): items say it is the analysis's
 * (isAiDescription) while their description is still that text; a person's edit ends it.
 */

const WRITTEN = 'A spring sale banner with a discount offer.';
const visionAnswer = (description: string | null) =>
  completion(JSON.stringify({ tags: ['Sale Banner'], description, personas: [] }));

describe('the AI-written description', () => {
  const fake = useFakeOpenAi();
  let t: TestApp;
  let member: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: fake.env });
    member = await createUser(t, { role: 'member' });
  });
  afterAll(() => t?.close());

  const listed = async (id: string): Promise<Asset | undefined> => {
    const { body } = await brandCall<Asset[]>(t, member, 'GET', '/assets?limit=100');
    return body.find((item) => item.id === id);
  };
  const describeAs = (id: string, description: string | null) =>
    brandCall<Asset>(t, member, 'PUT', `/assets/${id}/description`, { description });

  it('marks the description the analysis wrote, in the item and in lists, until a person edits it', async () => {
    fake.script('chat', { json: visionAnswer(WRITTEN) });
    const { created } = await uploadFile(t, member, 'banner.jpg', await image(800, 800));
    await analysed(t, member, created.id);
    expect(await getAsset(t, member, created.id)).toMatchObject({
      description: WRITTEN,
      isAiDescription: true,
    });
    expect(await listed(created.id)).toMatchObject({ isAiDescription: true });

    // Regenerating the tags leaves the description, and its mark, as they are.
    fake.script('chat', { json: visionAnswer('Another description') });
    const regenerated = await brandCall(t, member, 'POST', '/tags/regenerate-ai', {
      entityIds: [{ id: created.id, library: 'BRAND' }],
    });
    expect(regenerated.status).toBe(202);
    await analysed(t, member, created.id);
    expect(await getAsset(t, member, created.id)).toMatchObject({
      description: WRITTEN,
      isAiDescription: true,
    });

    const edited = await describeAs(created.id, `${WRITTEN} Shot in our studio.`);
    expect(edited.status).toBe(200);
    expect(edited.body.isAiDescription).toBe(false);
    expect(await getAsset(t, member, created.id)).toMatchObject({ isAiDescription: false });
    expect(await listed(created.id)).toMatchObject({ isAiDescription: false });

    // Emptied, it is nobody's.
    await describeAs(created.id, null);
    expect(await getAsset(t, member, created.id)).toMatchObject({
      description: null,
      isAiDescription: false,
    });
  });

  it('marks nothing when the analysis wrote no description', async () => {
    fake.script('chat', { json: visionAnswer(null) });
    const { created } = await uploadFile(t, member, 'plain.jpg', await image(640, 640));
    await analysed(t, member, created.id);
    expect(await getAsset(t, member, created.id)).toMatchObject({
      description: null,
      isAiDescription: false,
    });
    // A person's description afterwards is theirs.
    await describeAs(created.id, WRITTEN);
    expect(await getAsset(t, member, created.id)).toMatchObject({
      description: WRITTEN,
      isAiDescription: false,
    });
  });
});
