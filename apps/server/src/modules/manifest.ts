import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../platform/db/client.js';
import type { RateLimiter } from '../platform/http/rate-limiter.js';
import type { JobQueue } from '../platform/jobs/queue.js';
import type { JobRegistry } from '../platform/jobs/registry.js';
import type { Mailer } from '../platform/mail/mailer.js';
import type { MediaTools } from '../platform/media/media-tools.js';
import type { UrlSigner } from '../platform/storage/signed-urls.js';
import type { Storage } from '../platform/storage/storage.js';
import type { Services } from './index.js';

/** What every module may build on: infrastructure, no business rules. */
export interface Platform {
  config: Config;
  log: FastifyBaseLogger;
  database: DatabaseHandle;
  queue: JobQueue;
  registry: JobRegistry;
  storage: Storage;
  signer: UrlSigner;
  mailer: Mailer;
  media: MediaTools;
  limiter: RateLimiter;
  productName: string;
}

/**
 * A module's manifest (architecture §3): its name, the modules it builds on, how to create
 * its service from them, its routes and its background work. context.ts creates the modules
 * in the order their `needs` give; app.ts registers their routes.
 */
export interface ModuleManifest<N extends keyof Services = keyof Services> {
  name: N;
  needs: readonly (keyof Services)[];
  /** `services` holds every module named in `needs` (and no promise about the others). */
  create(platform: Platform, services: Services): Services[N];
  routes?(service: Services[N]): (app: FastifyInstance) => void;
  /**
   * Its writes change what actors are made of (sessions, users, memberships, brands): the
   * process forgets its cached actors after each (modules/auth/actor-cache.ts).
   */
  changesActors?: boolean;
  /** Registers job types and queues (after every module is created). */
  jobs?(service: Services[N], platform: Platform): void;
}

export function defineModule<N extends keyof Services>(manifest: ModuleManifest<N>): ModuleManifest<N> {
  return manifest;
}

/** The manifests in an order where each comes after the modules it needs (a cycle throws). */
export function creationOrder(manifests: readonly ModuleManifest[]): ModuleManifest[] {
  const byName = new Map(manifests.map((m) => [m.name, m]));
  const ordered: ModuleManifest[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (manifest: ModuleManifest, trail: string[]) => {
    if (state.get(manifest.name) === 'done') return;
    if (state.get(manifest.name) === 'visiting')
      throw new Error(`Module dependency cycle: ${[...trail, manifest.name].join(' → ')}`);
    state.set(manifest.name, 'visiting');
    for (const name of manifest.needs) {
      const needed = byName.get(name);
      if (!needed) throw new Error(`Module ${manifest.name} needs ${name}, which is not in the list`);
      visit(needed, [...trail, manifest.name]);
    }
    state.set(manifest.name, 'done');
    ordered.push(manifest);
  };
  for (const manifest of manifests) visit(manifest, []);
  return ordered;
}
