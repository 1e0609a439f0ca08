import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from './local-storage.js';
import { UrlSigner } from './signed-urls.js';

let root: string;
let storage: LocalStorage;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-local-storage-'));
  storage = new LocalStorage(root, new UrlSigner(Buffer.from('test secret')));
  await storage.init();
});
afterAll(async () => fs.rm(root, { recursive: true, force: true }));

describe('local storage', () => {
  it('a write still open on an object when it is moved never reaches the moved object (security review)', async () => {
    await storage.put('acc/file/upload', Buffer.from('checked bytes'));
    // A part upload still streaming into the staged file when completion moves it.
    const late = await fs.open(path.join(root, 'objects', 'acc/file/upload'), 'r+');
    await storage.move('acc/file/upload', 'acc/file/original');
    await late.write(Buffer.from('EVIL!!!'), 0, 7, 0);
    await late.close();
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read('acc/file/original')) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('checked bytes');
    expect(await storage.head('acc/file/upload')).toBeNull();
  });
});
