import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startFakeGraph } from './fake-graph/server.js';

/**
 * A fake of the parts of Meta's Graph / Marketing API Hookline uses, speaking the real wire
 * format (/work/shared/design/meta-marketing-api.md, "the reference"): JSON bodies, Graph
 * errors `{ error: { message, type, code, error_subcode, fbtrace_id } }`, cursor paging with
 * absolute `paging.next` links, usage headers on every answer, `appsecret_proof` checked on
 * every call that carries a token. One server answers the graph, video and dialog hosts.
 *
 * Data comes from a seed: the user "Jordan Meta", two ad accounts (the second disabled),
 * two Pages, campaigns / ad sets / ads with creatives in each of Meta's shapes, videos and
 * images with real bytes, and daily insights that are the same for the same (ad, day).
 *
 * `npm run fake-graph` runs it alone (FAKE_GRAPH_PORT, default 4790).
 */

export { fakeUsageHeaders } from './fake-graph/errors.js';
export { startFakeGraph } from './fake-graph/server.js';
export {
  ALL_SCOPES,
  type FakeAd,
  type FakeAdAccount,
  type FakeAdSet,
  type FakeCampaign,
  type FakeCode,
  type FakeCreativeKind,
  type FakeGraph,
  type FakeGraphCall,
  type FakeGraphInjectedError,
  type FakeGraphInjection,
  type FakeGraphOptions,
  type FakeGraphState,
  type FakeImage,
  type FakePage,
  type FakeReportRun,
  type FakeToken,
  type FakeUpload,
  type FakeVideo,
  type ReportRunFailure,
} from './fake-graph/types.js';

// --- `npm run fake-graph` -------------------------------------------------------------------

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(path.resolve(entry)).href) {
  const port = Number(process.env.FAKE_GRAPH_PORT ?? 4790);
  const fake = await startFakeGraph({
    port,
    prepareMedia: true,
    seed: Number(process.env.FAKE_GRAPH_SEED ?? 1),
  });
  const lines = [
    `Fake Meta Graph API on ${fake.url} (${fake.state.adAccounts.length} ad accounts, ${fake.state.ads.length} ads)`,
    'Point Hookline at it with:',
    '',
    ...Object.entries(fake.env).map(([key, value]) => `${key}=${value}`),
    '',
    `A user token for curl (with appsecret_proof=${fake.proof(fake.state.userToken)}):`,
    fake.state.userToken,
  ];
  console.log(lines.join('\n'));
  const stop = () => {
    void fake.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
