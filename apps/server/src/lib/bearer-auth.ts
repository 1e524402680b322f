import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpProblem } from '../plugins/problem-details';

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/**
 * CONTRACT §4: recruiters' calls carry `Authorization: Bearer <ADMIN_TOKEN>`. With no token
 * configured the endpoints do not exist (404); a missing or wrong token is 401. Both sides are
 * hashed first so the comparison takes the same time whatever the length of the guess.
 */
export function bearerAuth(adminToken: string | undefined) {
  const expected = adminToken ? digest(adminToken) : undefined;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!expected) throw new HttpProblem(404, 'There is no such API endpoint.');
    const match = /^Bearer ([\x21-\x7e]{1,512})$/.exec(request.headers.authorization ?? '');
    if (!match?.[1] || !crypto.timingSafeEqual(digest(match[1]), expected)) {
      reply.header('WWW-Authenticate', 'Bearer realm="recruiters"');
      throw new HttpProblem(401, 'A valid recruiter token is required.');
    }
  };
}
