import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { formatLogLine, prettyDestination, wantsPrettyLogs } from './log-format.js';

const line = (record: object) =>
  JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 2, 3, 4, 5), pid: 1, service: 'hookline', ...record });

describe('readable log lines', () => {
  it('prints level, message and the fields a person needs, without pid or service', () => {
    const out = formatLogLine(line({ msg: 'Hookline is running', role: 'all', startupMs: 812 }), false);
    expect(out).toMatch(/^\d\d:\d\d:\d\d INFO {2}Hookline is running role=all startupMs=812\n$/);
    expect(out).not.toContain('pid');
  });

  it('frames highlighted lines (the demo credentials) so they stand out', () => {
    const out = formatLogLine(line({ msg: 'Sign in as demo@hookline.local', highlight: true }), false);
    expect(out).toContain('─'.repeat(20));
    expect(out).toContain('  Sign in as demo@hookline.local\n');
  });

  it('adds the stack of an error and passes non-JSON through', () => {
    expect(
      formatLogLine(line({ level: 50, msg: 'failed', err: { stack: 'Error: x\n  at y' } }), false),
    ).toContain('ERROR failed\nError: x\n  at y');
    expect(formatLogLine('plain text', false)).toBe('plain text');
  });

  it('is chosen on a terminal or with LOG_FORMAT=pretty, JSON otherwise', () => {
    expect(wantsPrettyLogs('auto', { isTTY: true })).toBe(true);
    expect(wantsPrettyLogs('auto', { isTTY: false })).toBe(false);
    expect(wantsPrettyLogs('json', { isTTY: true })).toBe(false);
    expect(wantsPrettyLogs('pretty', {})).toBe(true);
  });

  it('writes whole lines as they complete', () => {
    const out = new PassThrough();
    const chunks: string[] = [];
    out.on('data', (c: Buffer) => chunks.push(c.toString()));
    const destination = prettyDestination(out);
    const record = line({ msg: 'one' });
    destination.write(record.slice(0, 10));
    expect(chunks).toEqual([]);
    destination.write(`${record.slice(10)}\n`);
    expect(chunks.join('')).toContain('INFO  one');
  });
});
