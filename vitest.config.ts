import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The web app's `@/` alias, as in apps/web/vite.config.ts.
  resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
  test: {
    include: ['apps/*/src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    // Several server processes behind HAProxy: npm run test:cluster (vitest.cluster.config.ts).
    exclude: ['**/node_modules/**', '**/*.cluster.test.ts'],
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    // Test files share their worker's modules instead of importing the server anew each (about 5 s a file, more than
    // most files' tests): every file starts its own app on its own database copy, and no test relies on a fresh
    // module state.
    isolate: false,
    // One test file per core: a file spends much of its time in its database (PGlite's engine, or PostgreSQL's own
    // processes), while Vitest's main process, for which its default keeps a core free, has little to do.
    maxWorkers: os.availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
