import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import {
  FIXED_HEADER_NAME,
  FIXED_HEADER_VALUE,
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
} from '@lumenfield/contract';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { createDb, type DbHandle } from '../db/create-db';
import { prepareDatabase } from '../prepare';
import { routes, type PageRenderer, type ScreenId } from '@lumenfield/routes';
import { inlineHash, withHash, type HashedStyles, type SitePages } from '../plugins/site-pages';
import { mintXsrfToken } from '../plugins/xsrf';

/**
 * Test databases: TEST_DB=postgres gives each test file its own schema in the PostgreSQL at
 * TEST_DATABASE_URL (dropped afterwards); otherwise a fresh SQLite file in a temp folder.
 */
export const engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDb {
  handle: DbHandle;
  dataDir: string;
  databaseUrl: string | undefined;
  schema: string | undefined;
  /** Opens a second handle on the same database (a restarted server sees the same data). */
  reopen(): DbHandle;
  destroy(): Promise<void>;
}

export async function createTestDb(): Promise<TestDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumenfield-test-'));
  let schema: string | undefined;
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    databaseUrl = pgUrl;
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  const open = () => createDb({ databaseUrl, dataDir, schema });
  const handle = open();
  return {
    handle,
    dataDir,
    databaseUrl,
    schema,
    reopen: open,
    async destroy() {
      await handle.close().catch(() => {});
      if (schema) {
        const client = new pg.Client({ connectionString: pgUrl });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The text of every script in an HTML page that a browser would run inline: no `src`, and no
 * data type (`application/json`, `application/ld+json` are never executed).
 */
export function inlineScripts(html: string): string[] {
  return Array.from(html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g))
    .filter(([, attributes]) => !/\bsrc=|type="application\/(ld\+)?json"/.test(attributes!))
    .map(([, , text]) => text!);
}

export interface TestApp {
  app: FastifyInstance;
  db: TestDb;
  config: Config;
  cookieSecret: string;
  /** A valid XSRF token for this app, and the headers a browser would send with it. */
  xsrf: string;
  /** Headers of a well-behaved page: the fixed header, and for writes the XSRF echo. */
  headers(kind?: 'read' | 'write'): Record<string, string>;
  close(): Promise<void>;
}

/**
 * The pages' renderer from the web app's source, as the built site would hold it (tests run
 * without a build): loaded at run time, like the built one, and rendering every page per request.
 */
async function sourcePages(): Promise<SitePages> {
  const entry = path.resolve(import.meta.dirname, '../../../web/src/entry-server.tsx');
  const renderer = (await import(/* @vite-ignore */ entry)) as PageRenderer;
  // A stylesheet of its own per screen, as the build makes them (the shell's rules and more).
  const shell = { css: 'body{margin:0}', files: ['/assets/shell.css'] };
  const screens = Object.fromEntries(
    Object.values(routes).map(({ screen }) => [
      screen,
      withHash({
        css: `${shell.css}.${screen}{margin:0}`,
        files: [...shell.files, `/assets/${screen}.css`],
      }),
    ]),
  ) as Record<ScreenId, HashedStyles>;
  return {
    renderer,
    assets: { entry: '/assets/entry.js', preloads: [] },
    styles: { shell: withHash(shell), screens },
    built: {},
    bootScriptHash: inlineHash(renderer.bootScript),
  };
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    seedDemoData?: boolean;
    /** A new installation's reasons and templates (off: the tests make their own). */
    startingContent?: boolean;
    db?: TestDb;
    pages?: boolean;
    /** Changes the pages the app serves (`pages: true`): a test's own stored documents. */
    sitePages?: (pages: SitePages) => SitePages;
    now?: () => Date;
    /** Where the app's log lines go (with a LOG_LEVEL in `env`). */
    logDestination?: NodeJS.WritableStream;
  } = {},
): Promise<TestApp> {
  const db = options.db ?? (await createTestDb());
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: db.dataDir,
    STATIC_DIR: path.join(db.dataDir, 'no-site'),
    ADMIN_TOKEN: 'test-admin-token-0123456789',
    RATE_LIMIT_REQUESTS: '100000',
    RATE_LIMIT_APPLICATIONS: '100000',
    // Tests send many uploads from one address, quickly: the tests of these limits set them.
    UPLOAD_BODIES_PER_CLIENT: '100000',
    UPLOAD_MIN_BYTES_PER_SECOND: '0',
    // Tests send queued mail by calling app.mailer.runOnce() themselves.
    MAIL_POLL_MS: '0',
    // And run retention with app.retention.runOnce(now) and a fixed clock.
    RETENTION_INTERVAL_MS: '0',
    ALERTS_INTERVAL_MS: '0',
    CALENDAR_INTERVAL_MS: '0',
    NOTIFICATIONS_INTERVAL_MS: '0',
    // Scheduled content publishes: tests call repos.content.publishDue(now) themselves.
    CONTENT_PUBLISH_INTERVAL_MS: '0',
    ...env,
  });
  const cookieSecret = 'test-cookie-secret-0123456789abcdef0123';
  await prepareDatabase(db.handle, {
    seedDemoData: options.seedDemoData ?? false,
    startingContent: options.startingContent ?? false,
  });
  const source = options.pages ? await sourcePages() : undefined;
  const sitePages = source && options.sitePages ? options.sitePages(source) : source;
  const app = await buildApp({
    config,
    database: db.handle,
    cookieSecret,
    sitePages,
    ...(options.now ? { now: options.now } : {}),
    ...(options.logDestination ? { logDestination: options.logDestination } : {}),
  });
  await app.ready();
  const xsrf = mintXsrfToken(cookieSecret);
  return {
    app,
    db,
    config,
    cookieSecret,
    xsrf,
    headers(kind = 'read') {
      const base: Record<string, string> = { [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE };
      if (kind === 'write') {
        base.cookie = `${XSRF_COOKIE_NAME}=${xsrf}`;
        base[XSRF_HEADER_NAME] = xsrf;
      }
      return base;
    },
    async close() {
      await app.close();
      if (!options.db) await db.destroy();
    },
  };
}
