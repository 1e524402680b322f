import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'site-content', environment: 'node', include: ['src/**/*.test.ts'] },
});
