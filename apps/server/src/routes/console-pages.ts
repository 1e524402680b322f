import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { consolePagePaths, SIGN_IN_RETURN_PARAM } from '@lumenfield/contract';
import { consoleContentSecurityPolicy } from '../plugins/security-headers';

/** The console's page, which the web build writes beside the site's (apps/web/console-build.ts). */
export const CONSOLE_SHELL_FILE = 'recruiters.html';

/**
 * A `next` the sign-in page may send the browser to: a path of the console on this site, nothing
 * else (no other host, no scheme, no backslash tricks). Undefined when it is not one.
 */
export function safeNext(value: string | undefined): string | undefined {
  if (!value || value.length > 2000 || !value.startsWith('/') || /[\\\s]/.test(value)) {
    return undefined;
  }
  if (value.startsWith('//')) return undefined;
  const base = 'http://console.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base) return undefined;
  const home = consolePagePaths.home;
  if (url.pathname !== home && !url.pathname.startsWith(`${home}/`)) return undefined;
  return `${url.pathname}${url.search}`;
}

/**
 * GET /recruiters and everything under it (docs/recruiters.md): the console's own page, never indexed,
 * never cached; without a session every page but the sign-in sends the browser there and back.
 */
export async function consolePageRoutes(
  app: FastifyInstance,
  { staticDir }: { staticDir: string },
) {
  const file = path.join(staticDir, CONSOLE_SHELL_FILE);
  // Read once: the build does not change under a running server.
  const shell = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  if (!shell) app.log.warn(`No console page at ${file}; run "npm run build".`);

  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    reply
      .header('X-Robots-Tag', 'noindex, nofollow')
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', consoleContentSecurityPolicy);
    const [pathname = '', query = ''] = request.url.split('?');
    const context = await app.consoleSessions.resolve(request);
    if (pathname === consolePagePaths.signIn) {
      if (context) {
        const next = new URLSearchParams(query).get(SIGN_IN_RETURN_PARAM) ?? undefined;
        return reply.redirect(safeNext(next) ?? consolePagePaths.home, 303);
      }
    } else if (!context) {
      const next = safeNext(request.url) ?? consolePagePaths.home;
      const target = `${consolePagePaths.signIn}?${SIGN_IN_RETURN_PARAM}=${encodeURIComponent(next)}`;
      return reply.redirect(target, 303);
    }
    app.ensureXsrfCookie(request, reply);
    if (!shell) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The console is not built on this server.');
    }
    return reply.type('text/html; charset=utf-8').send(shell);
  };

  app.get(consolePagePaths.home, { schema: { hide: true } }, answer);
  app.get(`${consolePagePaths.home}/*`, { schema: { hide: true } }, answer);
}
