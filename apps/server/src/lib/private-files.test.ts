import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase } from '../cli/backup';
import { createDb } from '../db/create-db';
import { applicationPayload, createOpening, postApplication } from '../test/legacy/application';
import { createTestApp, engine, type TestApp, type TestDb } from '../test/test-app';
import { resolveCookieSecret } from './cookie-secret';

/**
 * Each file and folder under `dir` with its permission bits, read by another process: opening
 * site.db here would drop the SQLite connections' locks (POSIX locks belong to the process).
 */
function modesUnder(dir: string): Record<string, string> {
  const list = `
    const fs = require('node:fs');
    const path = require('node:path');
    const dir = process.argv[1];
    const modes = { '.': (fs.statSync(dir).mode & 0o777).toString(8) };
    for (const name of fs.readdirSync(dir, { recursive: true })) {
      modes[name] = (fs.statSync(path.join(dir, name)).mode & 0o777).toString(8);
    }
    process.stdout.write(JSON.stringify(modes));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', list, dir]).toString()) as Record<
    string,
    string
  >;
}

describe(`DATA_DIR is private whatever the umask (${engine})`, () => {
  let umask: number;
  let parent: string;
  let dataDir: string;
  let t: TestApp | undefined;
  beforeAll(() => {
    // Everyone may read and write what is made without an explicit mode.
    umask = process.umask(0o000);
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'lumenfield-modes-'));
    dataDir = path.join(parent, 'data', 'nested');
  });
  afterAll(async () => {
    await t?.close();
    process.umask(umask);
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('the folder is 0700 and every file the server writes in it 0600', async () => {
    resolveCookieSecret(undefined, dataDir);
    expect(modesUnder(dataDir)).toEqual({ '.': '700', '.cookie-secret': '600' });
    if (engine !== 'sqlite') return;

    // The database through the main connection, and an application through the writer's own.
    const handle = createDb({ dataDir });
    const db: TestDb = {
      handle,
      dataDir,
      databaseUrl: undefined,
      schema: undefined,
      reopen: () => createDb({ dataDir }),
      destroy: () => handle.close(),
    };
    t = await createTestApp({}, { db });
    const jobId = await createOpening(t, 'MODES');
    expect((await postApplication(t, jobId, applicationPayload())).statusCode).toBe(201);
    // A backup written into DATA_DIR holds everyone too.
    await backupDatabase(t.config, path.join(dataDir, 'site-backup.db'));

    expect(modesUnder(dataDir)).toEqual({
      '.': '700',
      '.cookie-secret': '600',
      'site.db': '600',
      'site.db-wal': '600',
      'site.db-shm': '600',
      'site-backup.db': '600',
    });
  });
});
