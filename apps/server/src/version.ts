import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The server package's version (same depth from src/ and dist/). */
export const VERSION: string = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as {
    version: string;
  }
).version;
