import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * The site's public origin for absolute URLs (canonical, Open Graph, JSON-LD, robots.txt,
 * sitemap.xml): PUBLIC_URL, or the request's own scheme and host. The one place they come from.
 */
export function publicBase(config: Config, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}
