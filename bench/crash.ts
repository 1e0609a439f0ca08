import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { synthesizeVideo } from '../apps/server/dist/platform/media/synthetic-media.js';
import { createBenchUser, signIn } from './lib/accounts.js';
import { envInt } from './lib/env.js';
import { BenchApi, type UploadRecord, until } from './lib/media-client.js';
import { startHookline } from './lib/server.js';
import type { Table } from './lib/table.js';
import { makeTempDir } from './lib/tempdir.js';
import type { Bench, BenchContext } from './lib/types.js';

const EMAIL = 'crash-bench@example.com';
const PASSWORD = 'bench-password-123';
const MB = 1024 * 1024;

async function sha256(source: string | Buffer): Promise<string> {
  const hash = createHash('sha256');
  if (Buffer.isBuffer(source)) return hash.update(source).digest('hex');
  for await (const chunk of createReadStream(source)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

interface Upload {
  file: string;
  name: string;
  size: number;
  sha: string;
  record?: UploadRecord;
  /** complete-upload answered 200 before the kill. */
  completed: boolean;
}

async function makeFiles(dir: string, count: number): Promise<Upload[]> {
  const uploads: Upload[] = [];
  for (let i = 0; i < count; i++) {
    const kind = i % 3;
    let name: string;
    const file = path.join(dir, `f${i}`);
    if (kind === 0) {
      name = `photo-${i}.jpg`;
      await sharp({
        create: {
          width: 1800,
          height: 1400,
          channels: 3,
          background: { r: 0, g: 0, b: 0 },
          noise: { type: 'gaussian', mean: 100 + i, sigma: 50 },
        },
      })
        .jpeg({ quality: 90 })
        .toFile(file);
    } else if (kind === 1) {
      name = `clip-${i}.mp4`;
      await synthesizeVideo('ffmpeg', file, {
        seconds: 8,
        width: 1280,
        height: 720,
        fps: 30,
        sound: 300 + i * 10,
        bitrate: '6M',
      });
    } else {
      // Over 20 MB: a multipart upload.
      name = `export-${i}.csv`;
      const line = `row,${i},${'x'.repeat(60)}\n`;
      await writeFile(file, line.repeat(Math.ceil((45 * MB) / line.length)));
    }
    const size = (await stat(file)).size;
    uploads.push({ file, name, size, sha: await sha256(file), completed: false });
  }
  return uploads;
}

export const crash: Bench = {
  name: 'crash',
  description: 'kill -9 during 20 concurrent uploads and processing; restart; check bytes, retries and jobs',
  async run(context: BenchContext) {
    const count = envInt('BENCH_CRASH_FILES', 20);
    const data = await makeTempDir('crash-data');
    const files = await makeTempDir('crash-files');
    try {
      context.progress(`crash: making ${count} files`);
      const uploads = await makeFiles(files.path, count);
      const user = await createBenchUser(data.path, { email: EMAIL, password: PASSWORD });
      const env = { MEDIA_CONCURRENCY: '2', JOB_POLL_INTERVAL_MS: '500' };
      let server = await startHookline({ dataDir: data.path, env });
      let api = new BenchApi(
        server.baseUrl,
        await signIn(server.baseUrl, EMAIL, PASSWORD),
        `/api/accounts/${user.accountId}/brands/${user.brandId}`,
      );
      const folder = await api.folder('Crash');
      const { assets } = await api.createUploads(
        uploads.map((u) => ({ name: u.name, size: u.size, parentId: folder })),
      );
      for (const record of assets) uploads.find((u) => u.name === record.name)!.record = record;

      context.progress('crash: 20 uploads at once; killing the server mid-way');
      let processingSeen = false;
      const inFlight = uploads.map(async (upload) => {
        try {
          const parts = await api.putFile(upload.record!, upload.file, upload.size);
          await api.complete(upload.record!.id, parts);
          upload.completed = true;
        } catch {
          // cut off by the kill
        }
      });
      await until(
        async () => {
          const done = uploads.filter((u) => u.completed).length;
          const list = await api.list(folder).catch(() => []);
          processingSeen ||= list.some((a) => a.uploadingState === 'UPLOADED_GENERATING_THUMBNAIL');
          return done >= Math.ceil(count / 3) && processingSeen ? true : undefined;
        },
        5 * 60_000,
        50,
      );
      server.child.process.kill('SIGKILL');
      await server.child.exited;
      await Promise.all(inFlight);
      const completedBeforeKill = uploads.filter((u) => u.completed).length;
      context.progress(`crash: killed with ${completedBeforeKill} of ${count} completed; restarting`);

      server = await startHookline({ dataDir: data.path, env });
      api = new BenchApi(
        server.baseUrl,
        await signIn(server.baseUrl, EMAIL, PASSWORD),
        `/api/accounts/${user.accountId}/brands/${user.brandId}`,
      );
      const states: Record<string, number> = {};
      let intact = 0;
      let retried = 0;
      const problems: string[] = [];
      try {
        const afterRestart = new Map((await api.list(folder)).map((a) => [a.id, a]));
        for (const upload of uploads) {
          const id = upload.record!.id;
          const state = afterRestart.get(id)?.uploadingState ?? 'missing';
          states[state] = (states[state] ?? 0) + 1;
          // Unfinished (never completed, or failed): report, retry with new URLs, send again.
          if (state === 'UPLOADING' || state === 'FAILED_TO_UPLOAD') {
            if (upload.completed)
              problems.push(`${upload.name}: completed before the kill but ${state} after`);
            if (state === 'UPLOADING')
              await api.call('PUT', `/assets/${id}/uploading-state`, {
                uploadingState: 'FAILED_TO_UPLOAD',
                reason: 'crash',
              });
            const again = await api.call<UploadRecord>('PUT', `/assets/${id}/uploading-state`, {
              uploadingState: 'UPLOADING',
            });
            const parts = await api.putFile(again, upload.file, upload.size);
            await api.complete(id, parts);
            retried++;
          }
        }
        // Every file ends processed (jobs cut off by the kill were handed back at start-up).
        const finished = await until(
          async () => {
            const list = await api.list(folder);
            return list.every(
              (a) => a.uploadingState === 'UPLOADED' || a.uploadingState === 'UPLOADED_WITHOUT_THUMBNAIL',
            )
              ? list
              : undefined;
          },
          10 * 60_000,
          500,
        );
        for (const upload of uploads) {
          const asset = finished.find((a) => a.id === upload.record!.id)!;
          const response = await fetch(`${server.baseUrl}${asset.url}`);
          const digest = await sha256(Buffer.from(await response.arrayBuffer()));
          if (digest === upload.sha) intact++;
          else problems.push(`${upload.name}: checksum differs`);
        }
      } finally {
        await server.stop();
      }

      // With the server stopped, the embedded database can be opened here.
      const { openDatabase } = await import('../apps/server/dist/platform/db/client.js');
      const database = await openDatabase({ dataDir: data.path });
      let activeJobs: number;
      let stuckAssets: number;
      try {
        activeJobs = Number(
          (
            await database.execute<{ n: number }>(
              "select count(*)::int as n from pgboss.job where state = 'active'",
            )
          ).rows[0]?.n,
        );
        stuckAssets = Number(
          (
            await database.execute<{ n: number }>(
              "select count(*)::int as n from assets where uploading_state in ('UPLOADING', 'UPLOADED_GENERATING_THUMBNAIL')",
            )
          ).rows[0]?.n,
        );
      } finally {
        await database.close();
      }

      const passed = intact === count && activeJobs === 0 && stuckAssets === 0 && problems.length === 0;
      const table: Table = {
        columns: ['check', 'result'],
        rows: [
          ['uploads started at once', count],
          ['completions accepted before SIGKILL', completedBeforeKill],
          [
            'states right after restart',
            Object.entries(states)
              .map(([s, n]) => `${s} ${n}`)
              .join(', '),
          ],
          ['unfinished uploads retried to the end', retried],
          ['originals intact (SHA-256 matches) after processing', `${intact} of ${count}`],
          ["jobs left 'active' (after stop)", activeJobs],
          ['assets left uploading or generating', stuckAssets],
          ['result', passed ? 'passed' : 'FAILED'],
        ],
      };
      return {
        table,
        summary: `crash test ${passed ? 'passed' : 'FAILED'}: ${completedBeforeKill} of ${count} completed before SIGKILL, ${retried} retried after restart, ${intact}/${count} intact, ${activeJobs} jobs left active`,
        notes: problems,
        data: { count, completedBeforeKill, states, retried, intact, activeJobs, stuckAssets, problems },
      };
    } finally {
      await data.remove();
      await files.remove();
    }
  },
};
