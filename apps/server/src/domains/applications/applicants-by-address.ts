import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/database';
import { emailKey } from '../../lib/contact-keys';

/**
 * The applicants who applied under `email`, whatever its case (an erasure, the applicant's own
 * page): found through the indexed `email_key`, normalised by the one function that keys every
 * applicant (lib/contact-keys.ts), then held to the address itself, so `ana@…` does not also
 * find `ana+jobs@…` (the duplicates' looser match) and no address makes it scan the table.
 */
export function appliedUnder(email: string) {
  const key = emailKey(email) ?? '';
  const address = email.trim().toLowerCase();
  return (eb: ExpressionBuilder<Database, 'applicants'>) =>
    eb.and([
      eb('applicants.emailKey', '=', key),
      eb(eb.fn('lower', ['applicants.email']), '=', address),
    ]);
}
