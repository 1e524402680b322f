// Bundles the server into dist/server.mjs, with the worker threads' modules beside it
// (src/workers: body-decoder.mjs, applicant-writer.mjs). Our workspace packages (TypeScript
// sources) are bundled in; every registry dependency stays external, loaded from node_modules.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const outfile = process.argv[2] ?? 'dist/server.mjs';

await build({
  entryPoints: {
    [path.basename(outfile, '.mjs')]: 'src/server.ts',
    'body-decoder': 'src/workers/body-decoder.ts',
    'applicant-writer': 'src/workers/applicant-writer.ts',
  },
  outdir: path.dirname(outfile),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}),
  logLevel: 'warning',
});
