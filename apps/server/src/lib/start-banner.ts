import { OUTBOX_PAGE } from '@lumenfield/contract';

/**
 * The command that makes the first console account (docs/recruiters.md), with placeholders. The
 * e-mail is a shell variable, not an example address: the log never prints anything shaped like
 * an e-mail address (lib/logging.ts).
 */
export const FIRST_ADMIN_COMMAND =
  'printf \'%s\' "$PASSWORD" | npm run admin -- users add --email "$EMAIL" --name "Your Name" --role admin --password-stdin';

/** The line Fastify logs for each address it listens on: where the site is. */
export const siteLine = (address: string) => `Site:        ${address}`;

/**
 * What `npm start` says after the site line: where the recruiters' console is, while no account
 * exists yet the one command that makes the first admin, and while mail is kept in the local
 * outbox (no SMTP_URL on a loopback host) where an admin reads it.
 */
export function consoleLines(address: string, accounts: number, outbox = false): string[] {
  return [
    `Console:     ${address}/recruiters`,
    ...(accounts === 0 ? [`First admin: ${FIRST_ADMIN_COMMAND}`] : []),
    ...(outbox ? [`Mail:        ${address}${OUTBOX_PAGE} (no SMTP_URL: kept, not sent)`] : []),
  ];
}
