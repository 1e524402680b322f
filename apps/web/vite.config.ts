import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
// Relative imports name their file: Node's own loader (Vite's planned default for configs)
// resolves no other kind, and Vite warns on every build about each one that does not.
// The workspace packages by path, for the same reason, and as Node runs no TypeScript from
// node_modules.
import { precompress } from '../../packages/page-kit/src/vite/precompress.ts';
import { prerender } from '../../packages/page-kit/src/vite/prerender.ts';
import {
  canonicalPath,
  DEFAULT_BUILD_ORIGIN,
  routeIds,
  routes,
} from '../../packages/routes/src/index.ts';
import { consoleBuild } from './console-build.ts';
import { cssOptions } from './css-options.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

/** The pages rendered at build: every route whose policy is `build` (docs/architecture.md). */
const buildPages = routeIds
  .filter((id) => routes[id].render === 'build')
  .map((id) => ({ id, path: routes[id].path, screen: routes[id].screen }));

export default defineConfig({
  plugins: [
    react(),
    consoleBuild(),
    prerender({
      entry: 'src/entry-server.tsx',
      pages: buildPages,
      // The origin PUBLIC_URL names at build, else `npm start`'s.
      origin: () => (process.env.PUBLIC_URL ?? '').replace(/\/+$/, '') || DEFAULT_BUILD_ORIGIN,
      canonicalPath,
      alias: { '@': 'src' },
    }),
    precompress(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  css: cssOptions,
  // A stylesheet per chunk (Vite's CSS code splitting): a page carries the shell's and its own
  // screen's in the page (page-kit's prerender.ts), and a screen drawn in place loads its own.
  build: { target: 'es2022', sourcemap: false },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/hr': { target: apiTarget },
      '/healthz': { target: apiTarget },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    // A whole console route rendered in jsdom, with its waits (vitest.setup.ts), on a busy
    // machine: more than the default 5 s is no sign of a fault.
    testTimeout: 20_000,
    // A test's stubs (each console or careers test puts a fake API behind `fetch`) go before
    // the next test starts, as if every file had its own afterEach for them.
    unstubGlobals: true,
  },
});
