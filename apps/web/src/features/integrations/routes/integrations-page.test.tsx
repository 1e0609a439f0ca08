import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AUTHORIZATION_URL,
  integrationRoutes,
  makeMeta,
  makeUserIntegration,
} from '@/entities/integration/test/fixtures';
import { type FetchHandler, jsonResponse } from '@/test/fetch-stub';
import { makeProfile, signIn } from '@/test/identity';
import { BRAND_PATH } from '@/test/library';
import { renderApp } from '@/test/render';

type State = Parameters<typeof integrationRoutes>[0];

function setup(
  state: State,
  options: { role?: 'admin' | 'member'; extra?: Record<string, FetchHandler> } = {},
) {
  const network = signIn({
    profile: makeProfile({ role: options.role ?? 'admin' }),
    routes: { ...integrationRoutes(state), ...options.extra },
  });
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
  return { ...renderApp('/settings/integrations'), network, assign };
}

const card = (vendor: 'facebook' | 'google_drive' | 'dropbox') =>
  screen.findByTestId(`integration-card-${vendor}`);

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

describe('settings → integrations', () => {
  it('lists Meta (account level), Google Drive and Dropbox (user level); Connect confirms, then the window goes to Meta', async () => {
    const { user, assign } = setup({ list: [] });
    expect(await screen.findByRole('tab', { name: 'Integrations', selected: true })).toBeTruthy();

    const meta = await card('facebook');
    expect(within(meta).getByText('Facebook / Meta')).toBeTruthy();
    expect(within(meta).getByText('Account-level')).toBeTruthy();
    const drive = await card('google_drive');
    expect(within(drive).getByText('User-level')).toBeTruthy();
    expect(await within(drive).findByText(/Google Drive is not configured on this server/)).toBeTruthy();
    expect(within(drive).getByRole('button', { name: 'Connect' }).getAttribute('aria-disabled')).toBe('true');
    expect(within(await card('dropbox')).getByText('User-level')).toBeTruthy();

    const connect = await within(meta).findByRole('button', { name: 'Connect' });
    expect(connect.getAttribute('aria-disabled')).toBeNull();
    await user.click(connect);
    const dialog = await screen.findByRole('dialog', { name: 'Connect Meta' });
    expect(within(dialog).getByText(/This window goes to Meta/)).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Meta' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTHORIZATION_URL));
    expect(JSON.parse(window.sessionStorage.getItem('hookline.meta-connect') ?? '{}')).toEqual({
      accountId: 'acc-own',
      brandId: 'brand-acme',
      removeDemo: false,
    });
  });

  it('with the demo integration, the confirmation offers to remove the demo ad account and remembers the choice', async () => {
    const { user, assign } = setup({ list: [makeMeta({ isDemo: true }, { user: null })] });
    const meta = await card('facebook');
    expect(await within(meta).findByText('Demo data')).toBeTruthy();
    await user.click(await within(meta).findByRole('button', { name: 'Connect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Meta' });
    const remove = within(dialog).getByRole('checkbox', {
      name: /Remove the demo ad account/,
    }) as HTMLInputElement;
    expect(remove.checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Meta' }));
    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(JSON.parse(window.sessionStorage.getItem('hookline.meta-connect') ?? '{}').removeDemo).toBe(true);
  });

  it('Meta not configured on this server: names the variables, links the README, and Connect is disabled', async () => {
    setup({
      list: [],
      authInfo: { FACEBOOK: { configured: false, clientId: null, authorizationUrl: null, scopes: [] } },
    });
    const meta = await card('facebook');
    const notice = await within(meta).findByTestId('not-configured');
    expect(notice.textContent).toContain('Meta is not configured on this server');
    expect(notice.textContent).toContain('Set FACEBOOK_APP_ID and FACEBOOK_APP_SECRET on the server');
    const readme = within(notice).getByRole('link', { name: 'How to set up a Meta app' });
    expect(readme.getAttribute('href')).toBe('https://github.com/hookline/hookline#meta-app');
    expect(within(meta).getByRole('button', { name: 'Connect' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('a member cannot connect Meta: Connect is disabled and says to ask an admin', async () => {
    const { user, assign } = setup(
      { list: [], authInfo: { FACEBOOK: { authorizationUrl: null } } },
      { role: 'member' },
    );
    const meta = await card('facebook');
    const connect = await within(meta).findByRole('button', { name: 'Connect' });
    expect(connect.getAttribute('aria-disabled')).toBe('true');
    await user.click(connect);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.hover(connect);
    expect(await screen.findByText('Ask an admin to connect Meta')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('connected: Meta names who connected it and links its settings; only a user-level card has a disconnect menu', async () => {
    const drive = makeUserIntegration('GOOGLE_DRIVE');
    const state: State = { list: [makeMeta(), drive] };
    const { user, network, router } = setup(state, {
      extra: {
        [`DELETE ${BRAND_PATH}/user-integrations/${drive.id}`]: () => {
          state.list = state.list.filter((item) => item.id !== drive.id);
          return new Response(null, { status: 204 });
        },
      },
    });
    const meta = await card('facebook');
    expect(await within(meta).findByText('Connected as Ana Lopez')).toBeTruthy();
    expect(within(meta).queryByRole('button', { name: 'Connect' })).toBeNull();
    expect(within(meta).queryByRole('button', { name: 'Actions for Meta' })).toBeNull();

    const driveCard = await card('google_drive');
    await user.click(within(driveCard).getByRole('button', { name: 'Actions for Google Drive' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Integration disconnected')).toBeTruthy();
    expect(network.to(`${BRAND_PATH}/user-integrations/${drive.id}`)[0]?.method).toBe('DELETE');

    await user.click(within(meta).getByRole('link', { name: 'Meta settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/integrations/facebook'));
  });

  it("shows the AI provider's capabilities: on with model and host, off with the variables to set", async () => {
    setup(
      { list: [] },
      {
        extra: {
          [`GET ${BRAND_PATH}/ai/capabilities`]: () =>
            jsonResponse({
              capabilities: [
                {
                  id: 'chat',
                  enabled: true,
                  source: 'remote',
                  model: 'llama3',
                  host: 'ai.example.test',
                  enableWith: [],
                },
                {
                  id: 'vision',
                  enabled: false,
                  source: null,
                  model: null,
                  host: null,
                  enableWith: ['AI_VISION_MODEL'],
                },
                {
                  id: 'embeddings',
                  enabled: false,
                  source: null,
                  model: null,
                  host: null,
                  enableWith: ['AI_EMBED_MODEL'],
                },
                {
                  id: 'imageEmbeddings',
                  enabled: false,
                  source: null,
                  model: null,
                  host: null,
                  enableWith: ['AI_IMAGE_EMBED_MODEL'],
                },
                {
                  id: 'transcription',
                  enabled: false,
                  source: null,
                  model: null,
                  host: null,
                  enableWith: ['AI_TRANSCRIBE_BASE_URL', 'AI_TRANSCRIBE_MODEL'],
                },
              ],
              sendsMediaTo: [],
            }),
        },
      },
    );
    const chat = await screen.findByTestId('ai-capability-chat');
    expect(within(chat).getByText('llama3 · ai.example.test')).toBeTruthy();
    expect(within(chat).getByText('On')).toBeTruthy();
    const transcription = screen.getByTestId('ai-capability-transcription');
    expect(
      within(transcription).getByText('Set AI_TRANSCRIBE_BASE_URL and AI_TRANSCRIBE_MODEL'),
    ).toBeTruthy();
    expect(within(transcription).getByText('Off')).toBeTruthy();
    // More like this by content (issue 16), listed as the others are.
    const images = screen.getByTestId('ai-capability-imageEmbeddings');
    expect(within(images).getByText('More like this by content (image embeddings)')).toBeTruthy();
    expect(within(images).getByText('Set AI_IMAGE_EMBED_MODEL')).toBeTruthy();
    expect(screen.getByTestId('ai-sends-media-to').textContent).toBe(
      'No files leave this server for AI analysis.',
    );
  });

  it.each([
    ['the database has no vector extension', 'Semantic search is off: the database has no vector extension'],
    ['a re-embed is running', 'Re-indexing 1,200 of 40,000'],
  ])(
    'shows semantic search off with its reason when %s, and how to read text in images',
    async (_, message) => {
      const off = (id: string, enableWith: string[]) => ({
        id,
        enabled: false,
        source: null,
        model: null,
        host: null,
        enableWith,
      });
      setup(
        { list: [] },
        {
          extra: {
            [`GET ${BRAND_PATH}/ai/capabilities`]: () =>
              jsonResponse({
                capabilities: [
                  {
                    id: 'embeddings',
                    enabled: true,
                    source: 'remote',
                    model: 'bge-small',
                    host: 'ai.example.test',
                    enableWith: [],
                  },
                  off('ocr', ['TESSERACT_PATH']),
                  // Its model set, no pgvector: nothing to set, the extension named instead.
                  off('imageEmbeddings', []),
                  {
                    id: 'technicalTags',
                    enabled: true,
                    source: 'local',
                    model: 'ffprobe and sharp, on this server',
                    host: null,
                    enableWith: [],
                  },
                ],
                sendsMediaTo: [],
                semanticSearch: { enabled: false, message, progress: null },
              }),
          },
        },
      );
      const search = await screen.findByTestId('ai-capability-embeddings');
      expect(within(search).getByText('Semantic search')).toBeTruthy();
      expect(within(search).getByText(message)).toBeTruthy();
      expect(within(search).getByText('Off')).toBeTruthy();
      const images = screen.getByTestId('ai-capability-imageEmbeddings');
      expect(within(images).getByText('Needs the database’s vector extension (pgvector)')).toBeTruthy();
      const ocr = screen.getByTestId('ai-capability-ocr');
      expect(
        within(ocr).getByText('Install tesseract-ocr and tesseract-ocr-eng, or set TESSERACT_PATH'),
      ).toBeTruthy();
      expect(within(ocr).getByText('Off')).toBeTruthy();
      const technical = screen.getByTestId('ai-capability-technicalTags');
      expect(within(technical).getByText('ffprobe and sharp, on this server')).toBeTruthy();
      expect(within(technical).getByText('On')).toBeTruthy();
    },
  );
});
