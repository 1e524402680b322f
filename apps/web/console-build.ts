import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { cssOptions } from './css-options.ts';

/** The console's page, at the top of the built site (the server sends it at /recruiters/*). */
export const CONSOLE_HTML = 'recruiters.html';

/**
 * The recruiters' console is a build of its own into the same folder: its own entry, chunks
 * and stylesheet, so the public pages' JavaScript and stylesheet stay byte for byte what they
 * were (one shared bundle graph would regroup shared chunks and, with one stylesheet for the
 * site, put the console's CSS into every public page).
 */
export function consoleBuild(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'lumenfield:console-build',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      // Before precompress (order 'post') compresses what is in the folder.
      order: 'pre',
      sequential: true,
      async handler() {
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          publicDir: false,
          plugins: [react()],
          resolve: { alias: { '@': path.join(config.root, 'src') } },
          css: cssOptions,
          build: {
            outDir: path.resolve(config.root, config.build.outDir),
            emptyOutDir: false,
            target: 'es2022',
            sourcemap: false,
            cssCodeSplit: false,
            rollupOptions: {
              input: path.join(config.root, CONSOLE_HTML),
              output: {
                entryFileNames: 'assets/recruiters-[hash].js',
                assetFileNames: (asset) =>
                  asset.names.some((name) => name.endsWith('.css'))
                    ? 'assets/recruiters-[hash][extname]'
                    : // pdf.js's worker as .js: served as JavaScript and precompressed like the rest.
                      asset.names.some((name) => name.endsWith('.mjs'))
                      ? 'assets/[name]-[hash].js'
                      : 'assets/[name]-[hash][extname]',
              },
            },
          },
        });
      },
    },
  };
}
