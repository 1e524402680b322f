import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/console';
import { createTestApp, engine, type TestApp } from '../test/test-app';
import { consoleLines, FIRST_ADMIN_COMMAND, siteLine } from './start-banner';

describe(`what npm start ends with (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.app.close();
    await t.db.destroy();
  });

  const address = 'http://127.0.0.1:3000';
  const banner = async () => [
    siteLine(address),
    ...consoleLines(address, await t.app.repos.users.count(), false),
  ];

  it('while no account exists: the site, the console, and the command for the first admin', async () => {
    expect(await banner()).toEqual([
      'Site:        http://127.0.0.1:3000',
      'Console:     http://127.0.0.1:3000/recruiters',
      `First admin: ${FIRST_ADMIN_COMMAND}`,
    ]);
    expect(FIRST_ADMIN_COMMAND).toBe(
      'printf \'%s\' "$PASSWORD" | npm run admin -- users add --email "$EMAIL" --name "Your Name" --role admin --password-stdin',
    );
  });

  it('once an account exists, deactivated or not: the site and the console only', async () => {
    const user = await createUser(t, 'ada@example.com', 'admin');
    await t.app.repos.users.update(user.id, { isActive: false });
    expect(await t.app.repos.users.count()).toBe(1);
    expect(await banner()).toEqual([
      'Site:        http://127.0.0.1:3000',
      'Console:     http://127.0.0.1:3000/recruiters',
    ]);
  });

  it('while mail is kept in the local outbox: where an admin reads it', async () => {
    expect(t.config.mailOutbox).toBe(true);
    expect(consoleLines(address, 1, t.config.mailOutbox)).toEqual([
      'Console:     http://127.0.0.1:3000/recruiters',
      'Mail:        http://127.0.0.1:3000/recruiters/outbox (no SMTP_URL: kept, not sent)',
    ]);
  });
});
