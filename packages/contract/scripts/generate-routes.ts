import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderRoutes } from './render-routes.js';

const target = fileURLToPath(new URL('../src/routes.generated.ts', import.meta.url));
fs.writeFileSync(target, renderRoutes());
console.log(`wrote ${target}`);
