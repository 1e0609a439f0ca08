import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './paths.js';

export interface CreatedUser {
  userId: string;
  accountId: string;
  brandId: string;
}

/** The server's own create-user command: migrates, then makes the account, brand and admin. */
export async function createBenchUser(
  dataDir: string,
  user: { email: string; password: string; brand?: string },
  databaseUrl?: string,
): Promise<CreatedUser> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'false' };
  delete env.DATABASE_URL;
  delete env.SENTRY_DSN;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const script = path.join(repoRoot, 'apps', 'server', 'dist', 'cli', 'create-user.js');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [script, '--email', user.email, '--password', user.password, '--brand', user.brand ?? 'Bench Brand'],
    { cwd: repoRoot, env, timeout: 180_000, maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.slice(stdout.indexOf('{'))) as CreatedUser;
}

/** Signs in over HTTP; answers the bearer token. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
