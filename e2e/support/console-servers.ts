import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { UserRole } from '../../packages/contract/src/index';
import type { ServerOptions, StartedServer } from './global-setup';

/** The console's first admin, made with the command line as an operator would. */
export const CONSOLE_ADMIN = {
  email: 'ada.admin@example.com',
  name: 'Ada Admin',
  password: 'long e2e passphrase for the console 42',
};

const PG_URL = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A person the command line adds before a server starts. */
export interface CliPerson {
  email: string;
  name: string;
  password: string;
}

/** `npm run admin -- users add … --password-stdin` against a server's database (its bundle). */
export function addPerson(
  serverOut: string,
  env: NodeJS.ProcessEnv,
  person: CliPerson,
  role: UserRole,
) {
  const adminCli = path.join(path.dirname(serverOut), 'admin.mjs');
  const result = spawnSync(
    process.execPath,
    [
      adminCli,
      'users',
      'add',
      '--email',
      person.email,
      '--name',
      person.name,
      '--role',
      role,
      '--password-stdin',
    ],
    { input: person.password, env, encoding: 'utf8' },
  );
  if (result.status !== 0)
    throw new Error(`users add exited ${result.status}: ${result.stderr}${result.stdout}`);
}

/** The console's first admin, made by the command line as an operator would. */
export const addConsoleAdmin = (serverOut: string, env: NodeJS.ProcessEnv) =>
  addPerson(serverOut, env, CONSOLE_ADMIN, 'admin');

/** What global setup hands each server of its own (support/global-setup.ts). */
export interface ServerInputs {
  serverOut: string;
  webOut: string;
  work: string;
  startServer: (options: ServerOptions) => Promise<StartedServer>;
  serverEnv: (options: ServerOptions, port: number) => NodeJS.ProcessEnv;
}

/**
 * The console's servers, one per database engine, each with the first admin made by the CLI
 * and mail going to the browser tests' SMTP sink (support/smtp-sink.ts): E2E_CONSOLE_SQLITE_URL,
 * E2E_CONSOLE_POSTGRES_URL.
 */
export async function startConsoleServers({
  serverOut,
  webOut,
  work,
  startServer,
  serverEnv,
  smtpUrl,
}: ServerInputs & { smtpUrl: string }) {
  const schema = `e2e_${crypto.randomBytes(6).toString('hex')}`;
  // As the server suite does: in CI a missing PostgreSQL is a failure; on a laptop without one
  // its console run is skipped with a warning. 15 s to connect, three times: on a busy machine a
  // first connection was seen to take more than 3 s, and in CI, right after the operations
  // tests' dump and restore, a connection timed out once while the disk caught up.
  let withPostgres = true;
  const createSchema = async () => {
    const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 15_000 });
    try {
      await admin.connect();
      await admin.query(`create schema if not exists ${schema}`);
    } finally {
      await admin.end().catch(() => undefined);
    }
  };
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await createSchema();
        break;
      } catch (error) {
        if (attempt === 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
    }
  } catch (error) {
    const message = `PostgreSQL not reachable at ${PG_URL}: ${(error as Error).message}`;
    if (process.env.CI) throw new Error(message);
    console.warn(`${message}; the console's PostgreSQL run is skipped.`);
    withPostgres = false;
  }
  const mailEnv = {
    SMTP_URL: smtpUrl,
    MAIL_POLL_MS: '200',
    MAIL_FROM: 'Careers <careers@example.com>',
  };
  const sqlite: ServerOptions = {
    serverOut,
    webOut,
    dataDir: path.join(work, 'data-console-sqlite'),
    seedDemoData: false,
    env: mailEnv,
  };
  const postgres: ServerOptions = {
    serverOut,
    webOut,
    dataDir: path.join(work, 'data-console-postgres'),
    seedDemoData: false,
    env: {
      ...mailEnv,
      DATABASE_URL: `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    },
  };
  const dropSchema = async () => {
    if (!withPostgres) return;
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  };
  let servers: StartedServer[];
  try {
    servers = await Promise.all(
      (withPostgres ? [sqlite, postgres] : [sqlite]).map(async (options) => {
        // The CLI prepares the database itself, before the server starts.
        addConsoleAdmin(serverOut, serverEnv(options, 0));
        return startServer(options);
      }),
    );
  } catch (error) {
    await dropSchema();
    throw error;
  }
  return {
    env: {
      E2E_CONSOLE_SQLITE_URL: servers[0]!.baseUrl,
      // Its database file, for a row only a mailbox makes (an unmatched reply).
      E2E_CONSOLE_SQLITE_DB: path.join(sqlite.dataDir, 'site.db'),
      ...(servers[1] ? { E2E_CONSOLE_POSTGRES_URL: servers[1].baseUrl } : {}),
    },
    stop: async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await dropSchema();
    },
  };
}
