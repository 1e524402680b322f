import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALERTS_API_PATH,
  alertApiSchemas,
  alertCopy,
  alertFormValuesOf,
  checkAlertForm,
} from '@lumenfield/contract';
import type { Config } from '../config';
import { HttpProblem } from '../lib/http-problem';
import { mailOrigin } from '../plugins/public-origin';
import { alertSubscribeThrottle } from './alert-pages';
import { problemResponses } from './problem-responses';

/**
 * POST /api/alerts (docs/api.md): a job alert, by the rules of the careers page's form. A public
 * write: the fixed header and the XSRF echo. 202 and the same sentence whether the address is
 * new, waiting for its confirmation or subscribed already; the confirmation mail is queued.
 */
export const alertsApiRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  // Beside the API's request limit (plugins/api-guard.ts), as the site's form has it.
  const throttle = alertSubscribeThrottle(app);
  const schemas = alertApiSchemas();
  app.post(
    ALERTS_API_PATH,
    {
      config: { access: 'public' },
      preHandler: throttle,
      schema: {
        summary: 'Ask for job alerts (a confirmation mail is sent first)',
        tags: ['careers'],
        body: schemas.request,
        response: {
          202: schemas.accepted,
          ...problemResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      const checked = checkAlertForm(alertFormValuesOf(request.body));
      if (!checked.ok) throw new HttpProblem(400, checked.errors[0]!.message, checked.errors);
      const outcome = await app.repos.alerts.subscribe(
        checked.alert,
        { origin: mailOrigin(config), capPerAddress: config.mailCapPerAddress },
        app.now(),
      );
      request.log.info({ outcome }, 'job alert requested');
      return reply.code(202).send({ Message: alertCopy.sent });
    },
  );
};
