import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * CSP sources for the built page's inline scripts ('sha256-…'), so they run while
 * `script-src` stays closed to every other inline script. The page has one: it starts the
 * first route's prerendered HTML downloading before the entry module has loaded (apps/web).
 */
export function inlineScriptHashes(root: string): string[] {
  let html: string;
  try {
    html = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${crypto
        .createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}

export interface StaticSiteOptions {
  root: string;
}

/**
 * Serves the built single-page site. Hashed assets are immutable; the HTML is revalidated on
 * every visit and carries the XSRF cookie the page echoes on writes.
 */
export const staticSite = fp<StaticSiteOptions>(
  async (app: FastifyInstance, { root }) => {
    const indexFile = path.join(root, 'index.html');
    if (!fs.existsSync(indexFile)) {
      app.log.warn(`No built site at ${root}; run "npm run build". Only the API is served.`);
      return;
    }

    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: true,
      preCompressed: true,
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

    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      app.ensureXsrfCookie(request, reply);
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    };
    app.get('/', sendIndex);
    app.get('/index.html', sendIndex);
  },
  { name: 'static-site', dependencies: ['xsrf-cookies'] },
);
