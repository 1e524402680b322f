import { defineConfig } from 'vitest/config';

// Unit and component tests of every workspace. The server project runs against SQLite here;
// scripts/test-server.mjs runs it again against PostgreSQL (TEST_DB=postgres).
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/routes',
      'packages/site-content',
      'packages/page-kit',
      'apps/web',
      'apps/server',
    ],
  },
});
