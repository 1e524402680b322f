import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALL_ROLES,
  adminJobParamsSchema,
  consolePaths,
  sessionHandleParamsSchema,
  sessionListSchema,
  SESSION_IDLE_MINUTES,
  userSessionParamsSchema,
  type SessionList,
} from '@lumenfield/contract';
import { sessionHandle } from '../../domains/accounts/sessions-repository';
import { HttpProblem } from '../../lib/http-problem';
import { consoleProblems, signedInSession } from './console-user';

const answers = consoleProblems(404);

/**
 * Each person's sessions, and an admin's view of anyone's (CONTRACT §20, docs/security.md
 * "Sessions"): the device, the place by address and when it was last used, so a lost laptop's
 * session can be told apart and ended. Signed-in browsers only: a token lists no sessions.
 */
export const consoleSessionListRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  const own = { access: 'session', sessionOnly: true, roles: ALL_ROLES } as const;
  const admins = { access: 'session', sessionOnly: true, roles: ['admin'] } as const;

  const listOf = async (userId: number, currentId: string | undefined): Promise<SessionList> => {
    const now = app.now();
    const idleBefore = new Date(now.getTime() - SESSION_IDLE_MINUTES * 60_000);
    const rows = await repos.sessions.listForUser(userId, now, idleBefore);
    return {
      sessions: rows.map(({ id, ...row }) => ({ ...row, current: id === currentId })),
    };
  };

  /** Ends one session and records who ended whose; 404 when the person has no such session. */
  const endOne = async (actorId: number, userId: number, handle: string) => {
    await repos.changeAccounts(async (tx) => {
      if (!(await tx.sessions.deleteByHandle(userId, handle))) {
        throw new HttpProblem(404, 'There is no such session: it may have ended already.');
      }
      await tx.audit.record(
        {
          actor: { userId: actorId },
          action: 'session-end',
          target: `user ${userId}`,
          detail: actorId === userId ? 'own session' : 'ended by an admin',
        },
        app.now(),
      );
    });
  };

  app.get(
    consolePaths.sessions,
    {
      config: own,
      schema: {
        summary: 'Your sessions still running: device, place and when last used',
        tags: ['console'],
        response: { 200: sessionListSchema, ...answers },
      },
    },
    async (request) => {
      const { user, session } = signedInSession(request);
      return listOf(user.id, session.id);
    },
  );

  app.delete(
    consolePaths.sessionEnd,
    {
      // Ending a session (a lost laptop's) asks for a recent sign-in (OWASP ASVS 7.5.2).
      config: { ...own, recentSignIn: true },
      schema: {
        summary: 'End one of your sessions (ending this one signs you out)',
        tags: ['console'],
        params: sessionHandleParamsSchema,
        response: { 204: z.null(), ...answers },
      },
    },
    async (request, reply) => {
      const { user, session } = signedInSession(request);
      const { handle } = request.params;
      if (handle === sessionHandle(session.id)) {
        await app.consoleSessions.end(request, reply, (changes) =>
          changes.audit.record({ actor: { userId: user.id }, action: 'sign-out' }, app.now()),
        );
      } else {
        await endOne(user.id, user.id, handle);
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    consolePaths.userSessions,
    {
      config: admins,
      schema: {
        summary: "A person's sessions still running (admins)",
        tags: ['console'],
        params: adminJobParamsSchema,
        response: { 200: sessionListSchema, ...answers },
      },
    },
    async (request) => {
      const { session } = signedInSession(request);
      const { id } = request.params;
      if (!(await repos.users.findById(id))) {
        throw new HttpProblem(404, `There is no account with id ${id}.`);
      }
      return listOf(id, session.id);
    },
  );

  app.delete(
    consolePaths.userSessions,
    {
      config: admins,
      schema: {
        summary: 'End every session of a person (admins): they must sign in again',
        tags: ['console'],
        params: adminJobParamsSchema,
        response: { 200: z.object({ ended: z.number() }), ...answers },
      },
    },
    async (request) => {
      const { user: admin } = signedInSession(request);
      const { id } = request.params;
      if (id === admin.id) {
        throw new HttpProblem(404, 'End your own sessions one by one, or sign out.');
      }
      const ended = await repos.changeAccounts(async (tx) => {
        if (!(await tx.users.findById(id))) {
          throw new HttpProblem(404, `There is no account with id ${id}.`);
        }
        const count = await tx.sessions.deleteForUser(id);
        await tx.audit.record(
          {
            actor: { userId: admin.id },
            action: 'session-end',
            target: `user ${id}`,
            detail: `all sessions ended by an admin (${count})`,
          },
          app.now(),
        );
        return count;
      });
      return { ended };
    },
  );

  app.delete(
    consolePaths.userSession,
    {
      config: admins,
      schema: {
        summary: "End one of a person's sessions (admins)",
        tags: ['console'],
        params: userSessionParamsSchema,
        response: { 204: z.null(), ...answers },
      },
    },
    async (request, reply) => {
      const { user: admin, session } = signedInSession(request);
      const { id, handle } = request.params;
      if (handle === sessionHandle(session.id)) {
        throw new HttpProblem(404, 'This is your own session: sign out to end it.');
      }
      await endOne(admin.id, id, handle);
      return reply.code(204).send(null);
    },
  );
};
