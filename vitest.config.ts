import { defineConfig } from 'vitest/config';

// One `npm test` runs every project: contract and server in Node, web in happy-dom.
// The browser journeys in e2e/ have their own config (npm run test:e2e).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
