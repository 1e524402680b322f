import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
// Relative imports name their file: Node's own loader (Vite's planned default for configs)
// resolves no other kind, and Vite warns on every build about each one that does not.
import { consoleBuild } from './console-build.ts';
import { cssOptions } from './css-options.ts';
import { precompress } from './precompress.ts';
import { prerender } from './prerender.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

export default defineConfig({
  plugins: [react(), consoleBuild(), prerender('src/entry-server.tsx'), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  css: cssOptions,
  // A stylesheet per chunk (Vite's CSS code splitting): a page carries the shell's and its own
  // screen's in the page (prerender.ts), and a screen drawn in place loads its own.
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
  },
});
