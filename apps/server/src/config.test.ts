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
      AI_BASE_URL: 'http://ollama:11434/v1/',
      AI_API_KEY: 'sk-test',
      AI_CHAT_MODEL: 'qwen3:8b',
      AI_VISION_MODEL: 'qwen2.5vl:7b',
      AI_EMBED_MODEL: 'nomic-embed-text',
      AI_EMBED_DIMS: '768',
      AI_TRANSCRIBE_BASE_URL: 'http://localai:8080/v1',
      AI_TRANSCRIBE_MODEL: 'whisper-1',
      AI_JSON_MODE: 'json_object',
      AI_CONCURRENCY: '4',
      AI_TIMEOUT_MS: '30000',
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
      ai: {
        baseUrl: 'http://ollama:11434/v1',
        apiKey: 'sk-test',
        chatModel: 'qwen3:8b',
        visionModel: 'qwen2.5vl:7b',
        embedBaseUrl: 'http://ollama:11434/v1',
        embedModel: 'nomic-embed-text',
        embedDims: 768,
        transcribeBaseUrl: 'http://localai:8080/v1',
        transcribeModel: 'whisper-1',
        jsonMode: 'json_object',
        concurrency: 4,
        timeoutMs: 30_000,
      },
    });
    expect(loadConfig({ AI_BASE_URL: 'http://a/v1', AI_EMBED_BASE_URL: 'http://b/v1' }).ai.embedBaseUrl).toBe(
      'http://b/v1',
    );
    expect(loadConfig({}).ai).toMatchObject({
      baseUrl: undefined,
      jsonMode: 'json_schema',
      concurrency: 2,
      timeoutMs: 120_000,
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
    [
      { AI_BASE_URL: 'localhost:11434' },
      /^Invalid configuration: AI_BASE_URL must be an http:\/\/ or https:\/\/ URL/,
    ],
    [{ AI_JSON_MODE: 'yaml' }, /^Invalid configuration: AI_JSON_MODE /],
    [{ AI_CONCURRENCY: '0' }, /^Invalid configuration: AI_CONCURRENCY /],
    [{ AI_TIMEOUT_MS: '500' }, /^Invalid configuration: AI_TIMEOUT_MS /],
    [{ AI_TIMEOUT_MS: 'soon' }, /^Invalid configuration: AI_TIMEOUT_MS /],
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
