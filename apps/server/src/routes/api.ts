import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { DbHandle } from '../db/create-db';
import { createRepositories } from '../repositories';
import { adminJobsRoutes } from './admin/jobs';
import { careerDetailsRoutes } from './jobs/career-details';
import { referenceDataRoutes } from './jobs/reference-data';
import { saveApplicantRoutes } from './jobs/save-applicant';
import { downloadAttachmentRoutes } from './physical/download-attachment';

export interface ApiRouteOptions {
  config: Config;
  database: DbHandle;
}

/** Everything under /api. Each feature's routes register here. */
export async function apiRoutes(app: FastifyInstance, { config, database }: ApiRouteOptions) {
  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  const repos = createRepositories(database.db);
  await app.register(careerDetailsRoutes, { repos });
  await app.register(referenceDataRoutes, { repos });
  await app.register(saveApplicantRoutes, { repos, config });
  await app.register(downloadAttachmentRoutes, { repos, config });
  await app.register(adminJobsRoutes, { repos, config });
}
