import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './precompress';
import { preloadFirstRoute } from './preload-first-route';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

export default defineConfig({
  plugins: [react(), preloadFirstRoute('src/features/home/home-page.tsx'), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
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
  },
});
