import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configVariables, internalConfigVariables, loadConfig } from './config.js';

describe('the README', () => {
  it('documents every environment variable the configuration reads in its table', async () => {
    const readme = await readFile(path.join(import.meta.dirname, '../../../README.md'), 'utf8');
    const table = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('## Running in production'),
    );
    const documented = new Set([...table.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]));
    const missing = configVariables.filter(
      (name) => !documented.has(name) && !internalConfigVariables.includes(name),
    );
    expect(missing).toEqual([]);
  });
});

describe('loadConfig', () => {
  it('has working defaults for the embedded set-up', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      role: 'all',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      logLevel: 'info',
      brandVariant: 'hookline',
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it('reads every variable it documents', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/hl',
      DATABASE_URL: 'postgres://u@db:5432/hookline',
      PUBLIC_URL: 'https://app.example.com/',
      ROLE: 'worker',
      SIGNING_SECRET: 'x'.repeat(40),
      LOG_LEVEL: 'debug',
      BRAND_VARIANT: 'corporate',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/tmp/hl',
      databaseUrl: 'postgres://u@db:5432/hookline',
      publicUrl: 'https://app.example.com',
      role: 'worker',
      logLevel: 'debug',
      brandVariant: 'corporate',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT .*\(got "eighty"\)$/],
    [{ ROLE: 'boss' }, /^Invalid configuration: ROLE /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must be a postgres/],
    [{ LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL /],
    [{ BRAND_VARIANT: 'acme' }, /^Invalid configuration: BRAND_VARIANT /],
    [{ PUBLIC_URL: 'not a url' }, /^Invalid configuration: PUBLIC_URL must be an absolute URL/],
    [{ ROLE: 'worker' }, /^Invalid configuration: ROLE=worker needs DATABASE_URL/],
    [
      { ROLE: 'api', DATABASE_URL: 'postgres://db/h' },
      /^Invalid configuration: ROLE=api needs SIGNING_SECRET/,
    ],
    [{ STORAGE_DRIVER: 's3' }, /^Invalid configuration: STORAGE_DRIVER=s3 needs S3_BUCKET/],
    [{ SIGNING_SECRET: 'short' }, /^Invalid configuration: SIGNING_SECRET must be at least 32/],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('start-up with a bad value', () => {
  it('stops with exit code 1 and one clear line naming the variable', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')],
      {
        env: { ...process.env, PORT: '99999', DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 20_000,
      },
    );
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT /);
  });
});
