// `npm test` runs the browser journeys when Chromium is on the machine; CI installs it
// and sets REQUIRE_BROWSER_TESTS=1 so a missing browser fails instead of passing quietly.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  const message = `Browser journeys need Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH).`;
  if (process.env.REQUIRE_BROWSER_TESTS === '1') {
    console.error(message);
    process.exit(1);
  }
  console.warn(`${message} They did not run.`);
  process.exit(0);
}
const result = spawnSync('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts'], { stdio: 'inherit' });
process.exit(result.status ?? 1);
