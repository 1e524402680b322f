import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { DbHandle } from '../db/create-db';
import { createRepositories, type Repositories } from '../domains';
import { searchTelling } from './search-outbox';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one set of repositories: one listing cache serves the API, pages and sitemap. */
    repos: Repositories;
  }
}

/** Builds the repositories once per app, so a write through one route is seen by every other. */
export const repositories = fp<{ database: DbHandle; config: Config }>(
  async (app: FastifyInstance, { database, config }) => {
    app.decorate(
      'repos',
      createRepositories(database.db, { search: searchTelling(config), now: () => app.now() }),
    );
  },
  { name: 'repositories' },
);
