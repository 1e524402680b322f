// `npm run db:migrate`: applies pending migrations and refreshes the reference data, against
// DATABASE_URL or the SQLite file in DATA_DIR. The server does the same on every start.
import { prepareDatabase } from '../prepare';
import { cliConfig, openDatabase } from './run-app';

const config = cliConfig({ LOG_LEVEL: 'info' });
const database = openDatabase(config);
try {
  await prepareDatabase(database, {
    seedDemoData: false,
    log: { info: (details: object, message?: string) => console.log(message, details) },
  });
  console.log(
    `Database ready: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${config.dataDir}`}`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
