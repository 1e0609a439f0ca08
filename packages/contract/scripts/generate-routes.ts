import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderRoutes } from './render-routes.js';

const src = fileURLToPath(new URL('../src/', import.meta.url));
fs.rmSync(path.join(src, 'routes'), { recursive: true, force: true });
for (const [file, text] of renderRoutes()) {
  fs.mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
  fs.writeFileSync(path.join(src, file), text);
}
console.log(`wrote ${path.join(src, 'routes.generated.ts')} and src/routes/*.generated.ts`);
