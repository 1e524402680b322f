import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { FieldError, ProblemDetails } from '@lumenfield/contract';
import { HttpProblem } from '../lib/http-problem';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function problemBody(
  status: number,
  detail: string,
  errors?: FieldError[],
  requestId?: string,
): ProblemDetails {
  return {
    type: 'about:blank',
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    ...(errors && errors.length > 0 ? { errors } : {}),
    ...(requestId ? { requestId } : {}),
  };
}

export function sendProblem(
  reply: FastifyReply,
  status: number,
  detail: string,
  errors?: FieldError[],
): FastifyReply {
  return reply
    .code(status)
    .type('application/problem+json; charset=utf-8')
    .send(problemBody(status, detail, errors, reply.request.id));
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}

function validationErrors(error: FastifyError): FieldError[] {
  const issues = (error.validation ?? []) as ValidationIssue[];
  return issues.map((issue) => {
    const path = issue.params?.issue?.path?.map(String).join('.') ?? issue.instancePath ?? '';
    const field = path.replace(/^\//, '').replaceAll('/', '.');
    return {
      field: field || error.validationContext || 'request',
      message: issue.message ?? 'is invalid',
    };
  });
}

/**
 * One error shape for every failure under /api: problem+json, never a stack trace or SQL.
 * Errors elsewhere (the site's HTML) get a plain page.
 */
export const problemDetails = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpProblem) {
        if (error.headers) reply.headers(error.headers);
        return sendProblem(reply, error.status, error.detail, error.errors);
      }
      if (error.validation) {
        return sendProblem(
          reply,
          400,
          `The request ${error.validationContext ?? 'input'} is invalid.`,
          validationErrors(error),
        );
      }
      if (isRefusedCharacter(error)) {
        // A character the database cannot hold (NUL) reached a query: the client's input, not
        // our failure. Each field drops or refuses such characters itself; this is the net.
        request.log.warn({ code: (error as { code?: unknown }).code }, 'refused character');
        return sendProblem(reply, 400, 'The request contains a character that is not allowed.');
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        const unavailable = isDatabaseDown(error);
        return sendProblem(
          reply,
          unavailable ? 503 : 500,
          unavailable
            ? 'The service is briefly unavailable. Please try again in a moment.'
            : 'Something went wrong on our side. Please try again.',
        );
      }
      const detail =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'The request body is too large.'
          : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
              error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is not valid JSON.'
            : status === 429
              ? 'Too many requests. Please wait a moment and try again.'
              : (TITLES[status] ?? 'The request could not be processed.');
      return sendProblem(reply, status, detail);
    });

    // Unknown endpoints under /api have their own route (routes/api.ts); everything else that
    // matches no route is a page that does not exist: the site's own not-found page (or a 301
    // to a page's one spelling, routes/pages.ts).
    app.setNotFoundHandler((request, reply) => {
      if (app.sendNotFoundPage) return app.sendNotFoundPage(request, reply);
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><html lang="en"><meta charset="utf-8"><title>Page not found</title>' +
            '<p>This page does not exist. <a href="/">Go to the home page</a>.</p></html>',
        );
    });
  },
  { name: 'problem-details' },
);

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02',
  '57P03', // cannot_connect_now
  '08000',
  '08003',
  '08006',
  'SQLITE_BUSY',
]);

/** PostgreSQL: character_not_in_repertoire (NUL in text), untranslatable_character. */
const REFUSED_CHARACTER_CODES = new Set(['22021', '22P05']);

function isRefusedCharacter(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && REFUSED_CHARACTER_CODES.has(code);
}

function isDatabaseDown(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : '';
  return (
    (typeof code === 'string' && DB_DOWN_CODES.has(code)) ||
    /Connection terminated|timeout exceeded when trying to connect|is not queryable/i.test(message)
  );
}
