// Where a bench keeps its figures: bench/results/<name>-<when>.json (not in git), stamped with
// when and on what machine it ran, for the figures docs/performance.md quotes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const resultsDir = path.join(root, 'bench/results');

/**
 * Writes `figures`, after `when` and `machine`, to bench/results/<name>-<when>.json and says
 * where; answers what it wrote.
 */
export function saveResults(name, figures) {
  const saved = {
    when: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
    ...figures,
  };
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}-${saved.when.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(saved, null, 2));
  console.log(`Saved ${path.relative(root, file)}`);
  return saved;
}
