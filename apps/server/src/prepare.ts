import type { FastifyBaseLogger } from 'fastify';
import { sanitizeDescription } from './domains/openings/sanitize-description';
import { createRepositories } from './domains';
import type { DbHandle } from './db/create-db';
import { demoOpenings } from './domains/openings/demo-openings';
import { siteContentSeeds } from './domains/content/site-content-seeds';
import { migrateToLatest } from './db/migrate';
import { migrations } from './db/migrations';

export interface PrepareOptions {
  seedDemoData: boolean;
  /**
   * A new installation (one whose first migration runs now) starts with a few rejection reasons
   * and message templates (domains/messages/starting-content.ts). Off in tests that count them.
   */
  startingContent?: boolean;
  log?: Pick<FastifyBaseLogger, 'info'>;
  /** The moment demo openings count back from (tests pin it). */
  now?: Date;
}

/** Migrates the database and seeds what an empty one needs. Safe to run on every start. */
export async function prepareDatabase(database: DbHandle, options: PrepareOptions): Promise<void> {
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) options.log?.info({ applied }, 'migrations applied');

  const repos = createRepositories(database.db);
  await repos.reference.seed();
  // The site's words as shipped are each page's first revision; a page an editor changed is
  // left as it is (docs/content.md).
  const seeded = await repos.content.seed(siteContentSeeds(), options.now ?? new Date());
  if (seeded.length > 0) options.log?.info({ pages: seeded.length }, 'site content seeded');

  const firstMigration = Object.keys(migrations)[0]!;
  if ((options.startingContent ?? true) && applied.includes(firstMigration)) {
    if (await repos.messages.seedStartingContent(options.now ?? new Date())) {
      options.log?.info('starting rejection reasons and message templates added');
    }
  }

  if (options.seedDemoData && (await repos.jobs.count()) === 0) {
    const now = options.now ?? new Date();
    for (const opening of demoOpenings) {
      await repos.jobs.create(
        {
          code: opening.code,
          title: opening.title,
          location: opening.location,
          descriptionHtml: sanitizeDescription(opening.descriptionHtml),
          effectiveFrom: new Date(now.getTime() - opening.minutesAgo * 60_000).toISOString(),
          recruitmentManagers: opening.recruitmentManagers,
          contactPersons: opening.contactPersons,
          contactEmails: opening.contactEmails,
          isOpen: true,
          ...opening.terms,
        },
        now,
      );
    }
    options.log?.info({ openings: demoOpenings.length }, 'demo openings seeded');
  }
}
