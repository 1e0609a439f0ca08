import type { Writable } from 'node:stream';

/**
 * Readable log lines for a person at a terminal (`npm start`): `12:04:31 INFO  message
 * key=value`, errors with their stack, and a framed block for lines marked `highlight`
 * (the demo workspace's credentials). Machines get pino's JSON lines (LOG_FORMAT=json, or
 * any output that is not a terminal).
 */
const LEVELS: Record<number, { label: string; colour: string }> = {
  10: { label: 'TRACE', colour: '\x1b[90m' },
  20: { label: 'DEBUG', colour: '\x1b[36m' },
  30: { label: 'INFO ', colour: '\x1b[32m' },
  40: { label: 'WARN ', colour: '\x1b[33m' },
  50: { label: 'ERROR', colour: '\x1b[31m' },
  60: { label: 'FATAL', colour: '\x1b[35m' },
};
const RESET = '\x1b[0m';
const DIM = '\x1b[2m';
const BOLD = '\x1b[1m';
/** Fields every line has, or that say nothing to a person reading the terminal. */
const HIDDEN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'service', 'highlight', 'err']);

export function formatLogLine(line: string, colours: boolean): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const paint = (code: string, text: string) => (colours ? `${code}${text}${RESET}` : text);
  const level = LEVELS[Number(record.level)] ?? { label: String(record.level), colour: '' };
  const time = new Date(Number(record.time) || Date.now()).toTimeString().slice(0, 8);
  const message = String(record.msg ?? '');
  const fields = Object.entries(record)
    .filter(([key, value]) => !HIDDEN.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  const head = `${paint(DIM, time)} ${paint(level.colour, level.label)} ${message}`;
  let out = fields ? `${head} ${paint(DIM, fields)}` : head;
  const error = record.err as { stack?: string; message?: string } | undefined;
  if (error) out += `\n${paint(DIM, error.stack ?? error.message ?? '')}`;
  if (record.highlight) {
    const rule = '─'.repeat(Math.min(78, Math.max(...message.split('\n').map((l) => l.length)) + 4));
    out = `\n${rule}\n  ${paint(BOLD, message)}\n${rule}\n`;
  }
  return `${out}\n`;
}

/** A pino destination that writes readable lines to `out`. */
export function prettyDestination(out: Writable & { isTTY?: boolean }) {
  const colours = Boolean(out.isTTY) && !process.env.NO_COLOR;
  let pending = '';
  return {
    write(chunk: string) {
      pending += chunk;
      let newline = pending.indexOf('\n');
      while (newline >= 0) {
        out.write(formatLogLine(pending.slice(0, newline), colours));
        pending = pending.slice(newline + 1);
        newline = pending.indexOf('\n');
      }
    },
  };
}

/** LOG_FORMAT=auto: readable on a terminal, JSON otherwise. */
export function wantsPrettyLogs(format: 'auto' | 'json' | 'pretty', out: { isTTY?: boolean }): boolean {
  return format === 'pretty' || (format === 'auto' && Boolean(out.isTTY));
}
