// Bundles the server into dist/server.mjs. Our workspace packages (TypeScript sources) are
// bundled in; every registry dependency stays external and is loaded from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const outfile = process.argv[2] ?? 'dist/server.mjs';

await build({
  entryPoints: ['src/server.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}),
  logLevel: 'warning',
});
