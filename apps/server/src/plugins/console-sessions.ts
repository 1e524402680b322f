import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_IDLE_MINUTES, SESSION_MAX_HOURS } from '@lumenfield/contract';
import { requestScheme } from './public-origin';
import type { AccountChangeRepositories } from '../domains';
import { describeSession } from '../domains/accounts/session-devices';
import type { SessionMethod, StoredSession } from '../domains/accounts/sessions-repository';
import type { User } from '../domains/accounts/users-repository';
import { safeEqual } from './xsrf';

/** The session cookie: `__Host-` over HTTPS (Secure, Path=/, no Domain), plain over HTTP. */
export const SESSION_COOKIE_NAME = 'lumenfield-session';
export const SESSION_HOST_COOKIE_NAME = '__Host-lumenfield-session';
export const SESSION_IDLE_MS = SESSION_IDLE_MINUTES * 60 * 1000;
export const SESSION_MAX_MS = SESSION_MAX_HOURS * 60 * 60 * 1000;
/** lastSeenAt is written at most this often (a busy page is not a write per call). */
export const SESSION_TOUCH_MS = 60 * 1000;

/** What an account change writes beside the session, in its transaction. */
type AccountChange = (repos: AccountChangeRepositories) => Promise<void>;

/** A signed-in browser: the person and their session. */
export interface SessionContext {
  user: User;
  session: StoredSession;
  token?: undefined;
}

/** Who calls a console route: a signed-in browser, or a personal API token of that person. */
export type ConsoleContext =
  SessionContext | { user: User; session?: undefined; token: { id: number; name: string } };

export interface ConsoleSessions {
  cookieName(request: FastifyRequest): string;
  /** The signed-in person, or undefined; the answer is kept on the request. */
  resolve(request: FastifyRequest): Promise<SessionContext | undefined>;
  /**
   * A new session (a new id: nothing from before sign-in carries over) and its cookie. `alongside`
   * writes what comes with it (the sign-in's record, its audit row) in the same transaction,
   * before the session row: all of it or none. `how.method` says how the person signed in
   * (`password` when not said); `how.idToken`, the ID token of a single sign-on, is kept for
   * the provider's sign-out.
   */
  start(
    request: FastifyRequest,
    reply: FastifyReply,
    user: User,
    alongside?: AccountChange,
    how?: { method?: SessionMethod; idToken?: string },
  ): Promise<SessionContext>;
  /** Ends the request's session, if any, and clears the cookie; `alongside` as for `start`. */
  end(request: FastifyRequest, reply: FastifyReply, alongside?: AccountChange): Promise<void>;
  /** The signature that binds a resume link to one session. */
  resumeSignature(sessionId: string, guid: string): string;
  verifyResumeSignature(sessionId: string, guid: string, signature: string): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    consoleSessions: ConsoleSessions;
    /** The one clock of the app (tests set it): sessions, audit, throttling read it. */
    now(): Date;
  }
  interface FastifyRequest {
    /** Set by the guard on `session` and `session-link` routes. */
    consoleContext: ConsoleContext | undefined;
    consoleResolved: Promise<SessionContext | undefined> | undefined;
  }
}

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/**
 * Console sessions (docs/recruiters.md): a random 32-byte token in a cookie signed with the
 * cookie secret (a cookie from a node with another secret is refused), whose SHA-256 names a
 * row in the database (any node serves it). Idle after SESSION_IDLE_MINUTES, over after
 * SESSION_MAX_HOURS, gone when the account is deactivated or its password reset.
 */
export const consoleSessions = fp<{ secret: string }>(
  async (app: FastifyInstance, { secret }) => {
    const { repos } = app;
    app.decorateRequest('consoleContext', undefined);
    app.decorateRequest('consoleResolved', undefined);

    const cookieName = (request: FastifyRequest) =>
      requestScheme(request) === 'https' ? SESSION_HOST_COOKIE_NAME : SESSION_COOKIE_NAME;

    const lookUp = async (request: FastifyRequest): Promise<SessionContext | undefined> => {
      // Over HTTPS only the __Host- cookie counts: a plain one may have been planted.
      const raw = request.cookies[cookieName(request)];
      if (!raw || raw.length > 300) return undefined;
      const unsigned = request.unsignCookie(raw);
      if (!unsigned.valid || !unsigned.value) return undefined;
      const id = sha256(unsigned.value);
      const found = await repos.sessions.find(id);
      if (!found) return undefined;
      const now = app.now().getTime();
      const lastSeen = Date.parse(found.session.lastSeenAt);
      const over =
        !found.user.isActive ||
        Date.parse(found.session.expiresAt) <= now ||
        lastSeen + SESSION_IDLE_MS <= now;
      // A password alone no longer lets anyone in once an admin requires a second factor: the
      // rule's change ended such sessions, and one begun in the same instant is refused here.
      const passwordOnly =
        found.session.method === 'password' &&
        (await repos.accountSettings.read()).requireSecondFactor;
      if (over || passwordOnly) {
        await repos.sessions.delete(id);
        return undefined;
      }
      if (now - lastSeen >= SESSION_TOUCH_MS) {
        await repos.sessions.touch(id, new Date(now));
        found.session.lastSeenAt = new Date(now).toISOString();
      }
      return found;
    };

    const sign = (sessionId: string, guid: string) =>
      crypto.createHmac('sha256', secret).update(`${sessionId}\n${guid}`).digest('base64url');

    const sessions: ConsoleSessions = {
      cookieName,
      resolve(request) {
        request.consoleResolved ??= lookUp(request);
        return request.consoleResolved;
      },
      async start(request, reply, user, alongside, { method = 'password', idToken } = {}) {
        const current = await sessions.resolve(request);
        const token = crypto.randomBytes(32).toString('base64url');
        const now = app.now();
        const session: StoredSession = {
          id: sha256(token),
          userId: user.id,
          createdAt: now.toISOString(),
          lastSeenAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + SESSION_MAX_MS).toISOString(),
          method,
          origin: describeSession(request.headers['user-agent'], request.ip),
        };
        await repos.changeAccounts(async (changes) => {
          await alongside?.(changes);
          if (current) await changes.sessions.delete(current.session.id);
          await changes.sessions.create(session, idToken);
        });
        // Expired rows of anyone go now and then; a sign-in is a fine moment.
        await repos.sessions.deleteExpired(now, new Date(now.getTime() - SESSION_IDLE_MS));
        const name = cookieName(request);
        reply.setCookie(name, token, {
          path: '/',
          httpOnly: true,
          sameSite: 'strict',
          secure: name === SESSION_HOST_COOKIE_NAME,
          signed: true,
        });
        const context = { user, session };
        request.consoleResolved = Promise.resolve(context);
        return context;
      },
      async end(request, reply, alongside) {
        const current = await sessions.resolve(request);
        await repos.changeAccounts(async (changes) => {
          if (current) await changes.sessions.delete(current.session.id);
          await alongside?.(changes);
        });
        const name = cookieName(request);
        reply.clearCookie(name, {
          path: '/',
          httpOnly: true,
          sameSite: 'strict',
          secure: name === SESSION_HOST_COOKIE_NAME,
        });
        request.consoleResolved = Promise.resolve(undefined);
      },
      resumeSignature: sign,
      verifyResumeSignature: (sessionId, guid, signature) =>
        signature.length < 100 && safeEqual(signature, sign(sessionId, guid)),
    };
    app.decorate('consoleSessions', sessions);
  },
  { name: 'console-sessions', dependencies: ['@fastify/cookie', 'repositories'] },
);

/** When a session ends if nothing happens, and at the latest. */
export function sessionEnds(session: StoredSession): { idle: string; absolute: string } {
  const idle = Math.min(
    Date.parse(session.lastSeenAt) + SESSION_IDLE_MS,
    Date.parse(session.expiresAt),
  );
  return { idle: new Date(idle).toISOString(), absolute: session.expiresAt };
}
