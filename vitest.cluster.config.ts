import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster`: several real server processes on one PostgreSQL behind HAProxy (docs/architecture.md
 * "Running several processes"). Needs PostgreSQL (TEST_DATABASE_URL, default the local server) and haproxy.
 * The files run one after the other: each starts its own processes, and the machine's cores are what they share.
 */
export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.cluster.test.ts'],
    globalSetup: ['apps/server/src/cluster/cluster.global-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
