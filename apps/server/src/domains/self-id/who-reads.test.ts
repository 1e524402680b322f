import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../../..');
/** The names under which code reaches the self-identification tables or their repository. */
const REACHES =
  /selfIdentifications|selfIdTokens|self_identifications|self_id_tokens|repos\.selfId|selfIdRepository|\.selfId\./;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('who reaches the self-identification data', () => {
  it('only its repository, its two routes, the apply answer (the token), erasure and the schema', () => {
    const files = ['apps/server/src', 'apps/web/src', 'packages']
      .flatMap((dir) => sources(path.join(root, dir)))
      .filter((file) => !file.includes(`${path.sep}test${path.sep}`))
      .filter((file) => REACHES.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file))
      .sort();
    expect(files).toEqual([
      // The migration and the generated types: the tables themselves.
      'apps/server/src/db/migrations/0011-self-identification.ts',
      'apps/server/src/db/schema.generated.ts',
      // The apply answer's token, minted in one place for the JSON and the multipart route.
      'apps/server/src/domains/applications/accepted-answer.ts',
      // Erasure deletes the rows with their applicant.
      'apps/server/src/domains/applications/erasure-repository.ts',
      'apps/server/src/domains/index.ts',
      // The one repository: a token, the answers once, and counts (never a person's answers).
      'apps/server/src/domains/self-id/self-id-repository.ts',
      // The compliance role's counts; the candidate's answers.
      'apps/server/src/routes/recruiters/self-id-report.ts',
      'apps/server/src/routes/self-id.ts',
    ]);
  });
});
