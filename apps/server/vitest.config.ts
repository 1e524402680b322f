import os from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  // The page tests render with the web app's source (src/test/test-app.ts): its '@/' imports.
  resolve: { alias: { '@': fileURLToPath(new URL('../web/src', import.meta.url)) } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Every file builds its own app on its own database (a temp folder, or a schema of its own:
    // src/test/test-app.ts) and leaves no global behind, so the files share a worker's loaded
    // modules rather than loading the whole server again per file (523 s of a 1 220 s run on
    // two cores). Two workers even on two cores: a file spends much of its time waiting on its
    // database, sockets and child processes (docs/reliability.md, "Test suite's time").
    isolate: false,
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
