import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminJobParamsSchema,
  counted,
  outboxListSchema,
  outboxMailSchema,
  outboxPaths,
} from '@lumenfield/contract';
import type { Config } from '../../config';
import { OUTBOX_KEEPS } from '../../domains/mail/outbox-repository';
import { sendProblem } from '../../plugins/problem-details';
import { consoleProblems, signedIn } from './console-user';

const admins = { access: 'session', roles: ['admin'] } as const;
const tags = ['console'];

/**
 * The local outbox (docs/operations.md, "Mail without a mail server: the local outbox"): mail
 * kept instead of sent while no SMTP_URL is set on a loopback host. Admins only, as the mails
 * hold candidates' addresses and links; each list and each mail opened is audited.
 */
export const consoleOutboxRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const { repos } = app;

  app.get(
    outboxPaths.outbox,
    {
      config: admins,
      schema: {
        summary: 'The local outbox: whether mail is kept here, and the kept mails, newest first',
        tags,
        response: { 200: outboxListSchema, ...consoleProblems() },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const mails = config.mailOutbox ? await repos.outbox.list() : [];
      if (mails.length > 0) {
        await repos.audit.record(
          {
            actor: { userId: user.id },
            action: 'outbox-list',
            detail: counted(mails.length, ['mail', 'mails']),
          },
          app.now(),
        );
      }
      return { kept: config.mailOutbox, keeps: OUTBOX_KEEPS, mails };
    },
  );

  app.get(
    outboxPaths.outboxMail,
    {
      config: admins,
      schema: {
        summary: 'One mail of the local outbox, whole (its HTML is shown sandboxed)',
        tags,
        params: adminJobParamsSchema,
        response: { 200: outboxMailSchema, ...consoleProblems(404) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const mail = config.mailOutbox ? await repos.outbox.get(request.params.id) : undefined;
      if (!mail) return sendProblem(reply, 404, 'There is no such mail in the outbox.');
      await repos.audit.record(
        {
          actor: { userId: user.id },
          action: 'outbox-mail-view',
          target: `outbox mail ${mail.id}`,
          detail: mail.kind,
        },
        app.now(),
      );
      return mail;
    },
  );
};
