import cluster, { type Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';

/**
 * Several API processes on one machine (API_PROCESSES, PostgreSQL only): this primary forks
 * them with Node's cluster module (they share one port; the primary hands out connections)
 * and restarts one that dies. With ROLE=all the primary itself then runs the job workers
 * (as ROLE=worker), so jobs run once per machine, not once per API process.
 */
export function shouldFork(config: Config): boolean {
  return cluster.isPrimary && config.apiProcesses > 1 && config.role !== 'worker' && !config.clusterChild;
}

export interface ApiCluster {
  /** Asks every API process to stop (SIGTERM) and waits for them. */
  stop(): Promise<void>;
}

const RESTART_DELAY_MS = 1000;

export function forkApiProcesses(config: Config, log: FastifyBaseLogger): ApiCluster {
  let stopping = false;
  const env = { ROLE: 'api', API_PROCESSES: '1', HOOKLINE_CLUSTER_CHILD: 'true' };
  const fork = (): Worker => cluster.fork(env);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log.error({ pid: worker.process.pid, code, signal }, 'an API process stopped: starting another');
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS).unref();
  });
  for (let i = 0; i < config.apiProcesses; i++) fork();
  log.info({ processes: config.apiProcesses }, `started ${config.apiProcesses} API processes`);
  return {
    async stop() {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) return resolve();
              worker.once('exit', () => resolve());
              worker.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
