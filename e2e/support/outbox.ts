import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Reads the server's file outbox (DATA_DIR/mail/*.eml) like a person opening their inbox:
 * the newest message to an address, and the first link to the app in it.
 */
export async function newestMailLink(
  dataDir: string,
  to: string,
  pathPrefix: string,
  timeoutMs = 15_000,
): Promise<URL> {
  const deadline = Date.now() + timeoutMs;
  const wanted = to.toLowerCase().replace(/[^a-z0-9@._-]/g, '_');
  for (;;) {
    const files = (await fs.readdir(path.join(dataDir, 'mail')).catch(() => [] as string[]))
      .filter((f) => f.endsWith(`-${wanted}.eml`))
      .sort();
    for (const file of files.reverse()) {
      const text = decodeQuotedPrintable(await fs.readFile(path.join(dataDir, 'mail', file), 'utf8'));
      const link = [...text.matchAll(/https?:\/\/[^\s"<>]+/g)]
        .map((m) => new URL(m[0].replace(/&amp;/g, '&')))
        .find((url) => url.pathname === pathPrefix);
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with a ${pathPrefix} link`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
