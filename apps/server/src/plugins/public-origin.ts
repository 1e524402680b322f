import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { HttpProblem } from '../lib/http-problem';

/**
 * The scheme the visitor used. Fastify reads X-Forwarded-Proto only from a trusted proxy
 * (TRUST_PROXY); whatever it says, only `http` and `https` are ever used (docs/security.md).
 */
export function requestScheme(request: FastifyRequest): 'http' | 'https' {
  return request.protocol === 'https' ? 'https' : 'http';
}

/** A host name, IPv4 or bracketed IPv6 address, with an optional port: nothing else. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]{2,45}\])(?::(\d{1,5}))?$/i;

/** Whether `host` is a host name or address with, when it has one, a port from 1 to 65535. */
function isValidHost(host: string): boolean {
  const match = HOST.exec(host);
  if (!match) return false;
  const port = match[1];
  // A URL cannot hold a port past 65535: such a Host would fail every absolute link made of it.
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65_535);
}

/**
 * The origin for absolute URLs (canonical, Open Graph, JSON-LD, robots.txt, sitemap.xml):
 * PUBLIC_URL when set; otherwise the request's Host (X-Forwarded-Host only from a trusted
 * proxy, as Fastify reads it) and scheme. A host that is not a host name, or whose port is out
 * of range, is refused with 400, with PUBLIC_URL set or not: the answer to a malformed request
 * does not depend on configuration.
 */
export function publicOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  const host = request.host;
  if (host && !isValidHost(host)) throw new HttpProblem(400, 'The Host header is not valid.');
  if (publicUrl) return publicUrl;
  if (!host) throw new HttpProblem(400, 'The Host header is not valid.');
  return `${requestScheme(request)}://${host.toLowerCase()}`;
}

/**
 * The origin of every link in mail: PUBLIC_URL, else the configured http://HOST:PORT. Never the
 * request's Host or forwarded host: a mail outlives the request, and whoever sent the request
 * would choose where a recruiter's sign-in link points (docs/security.md).
 */
export function mailOrigin(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host.toLowerCase()}:${config.port}`;
}
