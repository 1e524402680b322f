import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * Log redaction: whatever a log line carries, credentials, session ids and resume
 * bytes are replaced before it is written. Fastify's request serializer logs no headers or
 * bodies today; these paths keep a future `log.info({ req, body })` or error object from
 * leaking them.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'headers["x-xsrf-token"]',
  'authorization',
  'cookie',
  'password',
  'token',
  'sessionId',
  'FileContent',
  '*.password',
  '*.Password',
  '*.token',
  '*.adminToken',
  '*.metricsToken',
  '*.cookieSecret',
  '*.sessionId',
  '*.session',
  '*.FileContent',
  'body.AttachmentHeader.AttachmentDetails[*].FileContent',
  'AttachmentHeader.AttachmentDetails[*].FileContent',
];

export function loggerOptions(level: Config['logLevel']): FastifyServerOptions['logger'] {
  return { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
}
