import { type ConsoleSession, type ConsoleUser } from '@lumenfield/contract';
import type { FastifyRequest } from 'fastify';
import {
  sessionEnds,
  type ConsoleContext,
  type SessionContext,
} from '../../plugins/console-sessions';
import type { User } from '../../domains/accounts/users-repository';
import { problemResponses } from '../problem-responses';

export function toConsoleUser(user: User): ConsoleUser {
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    isActive: user.isActive,
    createdOn: user.createdAt,
    lastSignInOn: user.lastSignInAt,
  };
}

export function toConsoleSession({ user, session }: SessionContext): ConsoleSession {
  const ends = sessionEnds(session);
  return { user: toConsoleUser(user), idleExpiresOn: ends.idle, expiresOn: ends.absolute };
}

/** The signed-in person of a `session` route (the guard has set it). */
export function signedIn(request: FastifyRequest): ConsoleContext {
  const context = request.consoleContext;
  if (!context) throw new Error(`${request.routeOptions.url ?? ''} is not a session route`);
  return context;
}

/** The signed-in browser of a `sessionOnly` route (the guard refuses a token there). */
export function signedInSession(request: FastifyRequest): SessionContext {
  const context = signedIn(request);
  if (!context.session) throw new Error(`${request.routeOptions.url ?? ''} is not sessionOnly`);
  return context;
}

/** What a resume link is bound to: the session, or the personal token, that asked for it. */
export const linkKey = (context: ConsoleContext) =>
  context.session ? context.session.id : `token:${context.token.id}`;

/**
 * The problem answers a console route declares: every one may refuse input (400), a missing
 * session (401) and a role (403); `more` adds its own (404, 409, 429).
 */
export function consoleProblems(...more: number[]) {
  return problemResponses(400, 401, 403, ...more);
}
