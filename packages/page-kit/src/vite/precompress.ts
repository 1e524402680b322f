import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes .br and .gz beside every compressible file of the build, once, at build time; the
 * server sends them as they are (no compression work per request).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'page-kit:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      // After the prerendered pages are written (prerender.ts).
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await fs.readdir(outDir, { recursive: true }))
          .map(String)
          .filter((file) => COMPRESSIBLE.test(file));
        await Promise.all(
          files.map(async (file) => {
            const full = path.join(outDir, file);
            const source = await fs.readFile(full);
            if (source.length < 512) return;
            const [br, gz] = await Promise.all([
              brotli(source, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gzip(source, { level: 9 }),
            ]);
            await Promise.all([fs.writeFile(`${full}.br`, br), fs.writeFile(`${full}.gz`, gz)]);
          }),
        );
      },
    },
  };
}
