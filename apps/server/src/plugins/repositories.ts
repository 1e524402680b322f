import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DbHandle } from '../db/create-db';
import { createRepositories, type Repositories } from '../domains';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one set of repositories: one listing cache serves the API, pages and sitemap. */
    repos: Repositories;
  }
}

/** Builds the repositories once per app, so a write through one route is seen by every other. */
export const repositories = fp<{ database: DbHandle }>(
  async (app: FastifyInstance, { database }) => {
    app.decorate('repos', createRepositories(database.db));
  },
  { name: 'repositories' },
);
