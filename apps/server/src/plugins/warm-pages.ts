import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { routes } from '@lumenfield/routes';
import type { Config } from '../config';
import { LIVE_MAX_ENTRIES } from './live-answers';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The live pages this node made before any visitor asked, with the status each answered:
     * settled once the node has listened and made them (tests await it).
     */
    warmedPages: Promise<Warmed[]>;
  }
}

interface Warmed {
  path: string;
  status: number;
}

/** At most this many openings' pages are made ahead: half of what the live cache keeps. */
const WARMED_OPENINGS = LIVE_MAX_ENTRIES / 2;

/**
 * The careers page and every listed opening's page made as soon as the node listens, so the
 * first visitor after a start (and a new version of the openings) is sent stored bytes rather
 * than waiting for the first render, which also loads the renderer (79 ms against 16 ms for the
 * next one: docs/performance.md, "Live pages"). Each is asked for through the node's own routes
 * (`inject`), as a browser asks, so it is the very answer a visitor gets, kept by the live cache
 * (plugins/live-answers.ts). Only with PUBLIC_URL: without it a page's links are made from the
 * visitor's Host, which the node cannot know ahead. One page at a time, in the background.
 */
export const warmPages = fp(
  async (app: FastifyInstance, { config }: { config: Pick<Config, 'publicUrl'> }) => {
    let settle!: (pages: Warmed[]) => void;
    app.decorate('warmedPages', new Promise<Warmed[]>((resolve) => (settle = resolve)));
    if (!config.publicUrl) {
      settle([]);
      return;
    }
    const host = new URL(config.publicUrl).host;

    async function warm() {
      const listed = await app.repos.jobs.listVisible(new Date());
      const paths = [
        routes.careers.path,
        ...listed.slice(0, WARMED_OPENINGS).map((job) => `/careers/jobs/${job.id}`),
      ];
      const made: Warmed[] = [];
      for (const path of paths) {
        const answer = await app.inject({
          url: path,
          headers: { host, 'accept-encoding': 'br, gzip' },
        });
        made.push({ path, status: answer.statusCode });
      }
      return made;
    }

    app.addHook('onListen', (done) => {
      warm().then(settle, (error: unknown) => {
        app.log.warn({ err: error }, 'live pages: making them ahead failed; visitors make them');
        settle([]);
      });
      done();
    });
  },
  { name: 'warm-pages', dependencies: ['live-answers', 'repositories'] },
);
