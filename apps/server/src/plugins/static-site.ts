import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface StaticSiteOptions {
  root: string;
}

/**
 * Serves the built site's files: its assets (content-hashed, immutable) and the few files at
 * its top (the favicon). The pages are answered by routes/pages.ts; the page renderer the build
 * puts in `server/` and the development page (index.html) are never sent.
 */
export const staticSite = fp<StaticSiteOptions>(
  async (app: FastifyInstance, { root }) => {
    if (!fs.existsSync(root)) return;

    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: true,
      preCompressed: true,
      allowedPath: (pathName) =>
        pathName.startsWith('/assets/') ||
        (/^\/[^/]+$/.test(pathName) &&
          pathName !== '/index.html' &&
          // The console's page is answered by routes/console-pages.ts, behind the session.
          pathName !== '/recruiters.html'),
      // Our own Cache-Control below; the plugin's default would override it.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Vite puts content-hashed files under assets/: they never change. Everything else
        // (the page, the favicon, robots.txt) is revalidated on every visit.
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'Cache-Control',
          isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  },
  { name: 'static-site', dependencies: ['xsrf-cookies'] },
);
