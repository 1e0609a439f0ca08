import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Builds the app once when a fresh clone has no build yet; journeys run the built app. */
export default function setup() {
  const built =
    fs.existsSync(path.join(root, 'apps/server/dist/main.js')) &&
    fs.existsSync(path.join(root, 'apps/web/dist/index.html'));
  if (!built) {
    console.log('[e2e] no build found: running npm run build');
    execSync('npm run build', { cwd: root, stdio: 'inherit' });
  }
  fs.mkdirSync(path.join(root, 'e2e/artifacts'), { recursive: true });
}
