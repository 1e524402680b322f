import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'routes', environment: 'node', include: ['src/**/*.test.ts'] },
});
