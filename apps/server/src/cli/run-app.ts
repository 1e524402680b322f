import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { ConfigError, loadConfig, type Config } from '../config';
import { createDb, type DbHandle } from '../db/create-db';
import { prepareDatabase } from '../prepare';

export interface CliApp {
  app: FastifyInstance;
  config: Config;
  /** A token valid for this process only: the CLI speaks to the same routes a recruiter does. */
  token: string;
  close(): Promise<void>;
}

/** Reads the environment like the server does (DATA_DIR relative to the working directory). */
export function cliConfig(overrides: Record<string, string> = {}): Config {
  try {
    return loadConfig({ ...process.env, LOG_LEVEL: 'silent', ...overrides });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

export function openDatabase(config: Config): DbHandle {
  return createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
}

/** Builds the app in-process (never listening) over the configured database. */
export async function startCliApp(): Promise<CliApp> {
  const token = crypto.randomBytes(24).toString('base64url');
  const config = cliConfig({ ADMIN_TOKEN: token });
  const database = openDatabase(config);
  await prepareDatabase(database, { seedDemoData: config.seedDemoData });
  const app = await buildApp({
    config,
    database,
    // Nothing here is a browser: the XSRF secret only has to exist.
    cookieSecret: crypto.randomBytes(32).toString('base64url'),
    // Its calls of the bearer API are the command line's, and audited as such.
    tokenActor: 'cli',
  });
  await app.ready();
  return {
    app,
    config,
    token,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
