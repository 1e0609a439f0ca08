import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaBinaries } from './binaries.js';
import { MediaTools } from './media-tools.js';
import { synthesizeVideo } from './synthetic-media.js';

const makeVideo = (file: string) =>
  synthesizeVideo(resolveMediaBinaries({}).ffmpeg, file, { seconds: 1, width: 64, height: 64, fps: 10 });

let server: http.Server;
let requests = 0;
let dir: string;

beforeAll(async () => {
  server = http.createServer((_request, response) => {
    requests += 1;
    response.end('#EXTM3U\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-media-'));
});
afterAll(async () => {
  server.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('media tools on user files', () => {
  it('never follow a playlist to another file or a URL (security review)', async () => {
    const { port } = server.address() as AddressInfo;
    // An HLS playlist named like a video, pointing at a URL and at a file outside the tenant.
    const file = path.join(dir, 'original');
    await fs.writeFile(
      file,
      `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nhttp://127.0.0.1:${port}/leak.ts\n#EXTINF:1,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n`,
    );
    const tools = new MediaTools(resolveMediaBinaries({}), 100_000_000);
    await expect(tools.probe(file)).rejects.toThrow();
    await expect(tools.rasterize(file, path.join(dir, 'frame.png'))).rejects.toThrow();
    expect(requests).toBe(0);

    // A playlist naming another tenant's video by its path: ffmpeg's defaults would follow it
    // (a local file with a segment's extension) and report that video's streams.
    const other = path.join(dir, 'other-tenant.ts');
    await makeVideo(other);
    const playlist = path.join(dir, 'playlist');
    await fs.writeFile(playlist, `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n${other}\n#EXT-X-ENDLIST\n`);
    await expect(tools.probe(playlist)).rejects.toThrow();
    expect((await tools.probe(other)).hasVideo).toBe(true);
  });
});
