import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { adminJobsRoutes } from './admin/jobs';
import { adminMetricsRoutes } from './admin/metrics';
import { careerDetailsRoutes } from './jobs/career-details';
import { referenceDataRoutes } from './jobs/reference-data';
import { saveApplicantRoutes } from './jobs/save-applicant';
import { downloadAttachmentRoutes } from './physical/download-attachment';

export interface ApiRouteOptions {
  config: Config;
}

/** Everything under /api. Each feature's routes register here. */
export async function apiRoutes(app: FastifyInstance, { config }: ApiRouteOptions) {
  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  const { repos } = app;
  await app.register(careerDetailsRoutes, { repos });
  await app.register(referenceDataRoutes, { repos });
  await app.register(saveApplicantRoutes, { repos, config });
  await app.register(downloadAttachmentRoutes, { repos, config });
  await app.register(adminJobsRoutes, { repos, config });
  await app.register(adminMetricsRoutes, { config });
}
