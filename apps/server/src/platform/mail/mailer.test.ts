import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';

const message = {
  to: 'ana@example.com',
  subject: 'Verify your e-mail',
  text: 'Verify: https://app.example.com/email-verification?token=abc',
  html: '<p>Verify</p>',
  link: 'https://app.example.com/email-verification?token=abc',
};

describe('mailer', () => {
  it('without SMTP_URL writes an .eml file to the outbox', async () => {
    const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-mail-'));
    try {
      const mailer = createMailer({
        smtpUrl: undefined,
        from: 'Hookline <no-reply@hookline.local>',
        outboxDir,
        log: pino({ level: 'silent' }),
      });
      await mailer.send(message);
      const files = await fs.readdir(outboxDir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/ana@example\.com\.eml$/);
      const eml = await fs.readFile(path.join(outboxDir, files[0]!), 'utf8');
      expect(eml).toContain('Subject: Verify your e-mail');
      expect(eml).toContain('To: ana@example.com');
      expect(eml).toContain('token=abc');
    } finally {
      await fs.rm(outboxDir, { recursive: true, force: true });
    }
  });

  it('with SMTP_URL delivers over SMTP', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk) => {
          data += chunk;
        });
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Hookline <no-reply@hookline.local>',
        outboxDir: '/nonexistent',
        log: pino({ level: 'silent' }),
      });
      await mailer.send(message);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Verify your e-mail');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
