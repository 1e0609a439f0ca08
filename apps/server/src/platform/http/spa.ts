import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year (immutable),
 * in the Brotli or gzip copy the build made when the browser accepts it,
 * everything else revalidates; unknown non-API GETs fall back to index.html (history routing).
 * Returns false when the web app has not been built.
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<boolean> {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDistDir }, 'web app not built: only the API is served (run npm run build)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text file (vite.config.ts): sent as they are.
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? `public, max-age=${ONE_YEAR_S}, immutable` : 'no-cache');
    },
  });
  return true;
}

/** The history fallback's test: a page navigation, not an API call or a missing file. */
export function wantsSpaFallback(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split('?')[0] ?? '/';
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  if (pathname.startsWith('/assets/')) return false;
  return path.extname(pathname) === '';
}
