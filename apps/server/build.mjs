// Bundles the server and its command lines into dist/: server.mjs (npm start), admin.mjs
// (npm run admin) and migrate.mjs (npm run db:migrate), with the worker threads' modules beside
// them (src/workers: body-decoder.mjs, applicant-writer.mjs). Migrations are modules, so each
// bundle carries them. Our workspace packages (TypeScript sources) are bundled in; every registry
// dependency stays external and is loaded from node_modules (production dependencies only:
// nothing here needs tsx or another dev dependency at run time).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const outdir = process.argv[2] ?? 'dist';

await build({
  entryPoints: {
    server: 'src/server.ts',
    admin: 'src/cli/admin.ts',
    migrate: 'src/cli/migrate.ts',
    'body-decoder': 'src/workers/body-decoder.ts',
    'applicant-writer': 'src/workers/applicant-writer.ts',
  },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // pino-pretty too: a dev dependency, imported only for readable logs and absent when pruned.
  external: [...Object.keys(pkg.dependencies ?? {}), 'pino-pretty'],
  logLevel: 'warning',
});
