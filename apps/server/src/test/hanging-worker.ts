/**
 * A worker process for the lease tests: runs TEST_HANG jobs, whose first attempt never
 * ends (the test kills this process with SIGKILL mid-job) and whose later attempts finish.
 * Started with tsx; DATABASE_URL names the test database.
 */
import { z } from 'zod';
import { loadConfig } from '../config.js';
import { createContext, createLogger, startContext } from '../context.js';
import { defineJob, JobRegistry } from '../platform/jobs/registry.js';

export function hangingRegistry(retryLimit: number): JobRegistry {
  return new JobRegistry().register(
    defineJob({
      type: 'TEST_HANG',
      params: z.object({}),
      queue: { retryLimit, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 3600 },
      async handler(_params, ctx) {
        if (ctx.attempt === 1) {
          process.stdout.write(`HANGING ${ctx.jobId}\n`);
          await new Promise(() => {});
        }
        return { attempt: ctx.attempt };
      },
    }),
  );
}

if (process.argv[1]?.endsWith('hanging-worker.ts')) {
  const config = loadConfig();
  const log = createLogger({ ...config, logLevel: 'warn' });
  const context = await createContext(config, {
    log,
    registry: hangingRegistry(Number(process.env.TEST_RETRY_LIMIT ?? '0')),
  });
  await startContext(context);
  process.stdout.write('WORKER READY\n');
}
