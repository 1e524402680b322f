import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  alertCopy,
  careerFiltersQuery,
  checkAlertForm,
  emptyAlertForm,
  parseCareerFilters,
  type AlertFormValues,
  type AlertPageState,
  type FieldError,
} from '@lumenfield/contract';
import { routes, type RouteId } from '@lumenfield/routes';
import type { Config } from '../config';
import { HttpProblem } from '../lib/http-problem';
import { mailOrigin } from '../plugins/public-origin';
import type { SharedRateLimits } from '../plugins/rate-limit-store';
import { sameOrigin } from './apply-form';

/** Subscriptions one client may ask for in an hour (the form and POST /api/alerts each). */
export const ALERT_SUBSCRIBES_PER_HOUR = 10;
/**
 * The hourly throttle of subscriptions per client, as a hook: counted beside the request limit
 * of its scope, never instead of it (a route's own `rateLimit` would replace that limit). Needs
 * @fastify/rate-limit registered in the scope.
 */
export function alertSubscribeThrottle(app: FastifyInstance) {
  const limit = app.createRateLimit({
    max: ALERT_SUBSCRIBES_PER_HOUR,
    timeWindow: '1 hour',
    keyGenerator: (request: FastifyRequest) => `alerts:${request.ip}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const counted = await limit(request);
    if (!counted.isAllowed && counted.isExceeded) {
      reply.header('Retry-After', String(Math.max(1, counted.ttlInSeconds)));
      throw new HttpProblem(429, alertCopy.tooMany);
    }
  };
}

/** A form's post or a one-click unsubscribe: a few short fields. */
const FORM_BODY_LIMIT = 16 * 1024;

export interface AlertPagesOptions {
  config: Config;
  rateLimits: SharedRateLimits | undefined;
}

/**
 * The job alerts' pages (docs/careers.md, "Job alerts"), made on the server and whole without
 * scripts:
 * - `POST /careers/alerts`: the careers page's subscribe form (urlencoded). The careers page is
 *   one cached document for every visitor, so it carries no XSRF field: a browser's post must
 *   say it came from our own origin (Origin, Sec-Fetch-Site), and a forged one could only
 *   send a confirmation mail, throttled per client and per address (docs/security.md).
 * - `/careers/alerts/confirm?token=`: GET shows a button, POST confirms (mail scanners follow
 *   GETs, never forms).
 * - `/careers/alerts/unsubscribe?token=`: GET shows a button; POST unsubscribes and answers
 *   200, also a mail client's one-click POST (RFC 8058), which carries no cookie and no XSRF
 *   token: the token in the link is the proof, and whoever holds it may stop the mail.
 * None is under /api, so none meets the API's fixed-header and XSRF guard.
 */
export async function alertPageRoutes(
  app: FastifyInstance,
  { config, rateLimits }: AlertPagesOptions,
) {
  const { repos } = app;

  // A form's fields, or a one-click body (urlencoded or multipart): read as text, and only
  // the subscribe form's is read further.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  await app.register(fastifyRateLimit, {
    global: false,
    ...(rateLimits ? { store: rateLimits.Store } : {}),
  });
  const throttle = alertSubscribeThrottle(app);

  const tokenOf = (request: FastifyRequest) => {
    const { token } = request.query as { token?: unknown };
    return typeof token === 'string' ? token : '';
  };
  /** The page's own URL with its token, where its button posts. */
  const actionOf = (id: RouteId, token: string) =>
    `${routes[id].path}?token=${encodeURIComponent(token)}`;

  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    id: RouteId,
    alert: AlertPageState,
    status = 200,
  ) =>
    app.sendSitePage(request, reply, {
      id,
      url: routes[id].path,
      status,
      data: { alert },
      personal: true,
      // Only the sign-up form is for search engines; a link's pages and a post's answers are not.
      noindex: !(routes[id].indexed && alert.kind === 'form'),
    });

  /** The form again with what was typed: its filters in words, and what went wrong. */
  const formPage = async (
    values: AlertFormValues,
    extra: { errors?: FieldError[]; problem?: string } = {},
  ): Promise<AlertPageState> => {
    const filters = parseCareerFilters(
      `?${new URLSearchParams({ q: values.q, country: values.country, workplace: values.workplace })}`,
    );
    return {
      kind: 'form',
      values,
      errors: extra.errors ?? [],
      problem: extra.problem ?? null,
      filtersText: await repos.alerts.filtersText(filters),
    };
  };

  // A post refused whole (403, 413, 429) is the form again with what happened.
  app.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
    const status = error instanceof HttpProblem ? error.status : (error.statusCode ?? 500);
    if (status >= 500) request.log.error({ err: error }, 'job alert page failed');
    const message =
      error instanceof HttpProblem && status < 500
        ? error.message
        : status === 413
          ? 'That was more than the form can take. Please shorten what you typed.'
          : 'Something went wrong on our side. Please try again.';
    if (error instanceof HttpProblem) {
      for (const [name, value] of Object.entries(error.headers ?? {})) reply.header(name, value);
    }
    // What was typed could not be read (the post was refused before it): the form starts again.
    const page = await formPage(emptyAlertForm(), { problem: message });
    return send(request, reply, 'alerts', page, status);
  });

  app.get(routes.alerts.path, { schema: { hide: true } }, async (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return send(
      request,
      reply,
      'alerts',
      await formPage(emptyAlertForm(parseCareerFilters(query))),
    );
  });

  app.post(
    routes.alerts.path,
    {
      schema: { hide: true },
      onRequest: async (request) => {
        if (!sameOrigin(request, config.publicUrl)) {
          throw new HttpProblem(403, alertCopy.forbidden);
        }
      },
      preHandler: throttle,
    },
    async (request, reply) => {
      const fields = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
      const values: AlertFormValues = {
        email: fields.get('email') ?? '',
        q: fields.get('q') ?? '',
        country: fields.get('country') ?? '',
        workplace: fields.get('workplace') ?? '',
        frequency: fields.get('frequency') ?? '',
      };
      const checked = checkAlertForm(values);
      if (!checked.ok) {
        const page = await formPage(values, { errors: checked.errors });
        return send(request, reply, 'alerts', page, 400);
      }
      const outcome = await repos.alerts.subscribe(
        checked.alert,
        { origin: mailOrigin(config), capPerAddress: config.mailCapPerAddress },
        app.now(),
      );
      // The same page either way: it never tells whether an address has alerts already.
      request.log.info({ outcome }, 'job alert requested');
      return send(request, reply, 'alerts', { kind: 'sent' });
    },
  );

  app.get(routes.alertConfirm.path, { schema: { hide: true } }, async (request, reply) => {
    const token = tokenOf(request);
    const alert = await repos.alerts.findByLink(token, 'confirm');
    if (!alert) return send(request, reply, 'alertConfirm', { kind: 'invalid' }, 404);
    return send(request, reply, 'alertConfirm', {
      kind: 'confirm',
      action: actionOf('alertConfirm', token),
      filtersText: await repos.alerts.filtersText(alert.filters),
      frequency: alert.frequency,
    });
  });

  app.post(routes.alertConfirm.path, { schema: { hide: true } }, async (request, reply) => {
    const alert = await repos.alerts.confirm(tokenOf(request), app.now());
    if (!alert) return send(request, reply, 'alertConfirm', { kind: 'invalid' }, 404);
    request.log.info('job alert confirmed');
    return send(request, reply, 'alertConfirm', {
      kind: 'confirmed',
      careersPath: `${routes.careers.path}${careerFiltersQuery(alert.filters)}`,
    });
  });

  app.get(routes.alertUnsubscribe.path, { schema: { hide: true } }, async (request, reply) => {
    const token = tokenOf(request);
    const alert = await repos.alerts.findByLink(token, 'unsubscribe');
    if (!alert) return send(request, reply, 'alertUnsubscribe', { kind: 'invalid' }, 404);
    return send(request, reply, 'alertUnsubscribe', {
      kind: 'unsubscribe',
      action: actionOf('alertUnsubscribe', token),
      filtersText: await repos.alerts.filtersText(alert.filters),
    });
  });

  // 200 whenever the alert is gone after it, also when an earlier post removed it: a mail
  // client that posts twice is told the same.
  app.post(routes.alertUnsubscribe.path, { schema: { hide: true } }, async (request, reply) => {
    const removed = await repos.alerts.unsubscribe(tokenOf(request), app.now());
    if (removed) request.log.info('job alert unsubscribed');
    return send(request, reply, 'alertUnsubscribe', { kind: 'unsubscribed' });
  });
}
