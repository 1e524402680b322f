import type { FastifyInstance } from 'fastify';

/**
 * Display names by user id, for who wrote, published or uploaded something (the accounts are
 * few): null for no one (the site's own seed), a fixed phrase for an account since removed.
 */
export async function displayNames(app: FastifyInstance) {
  const names = new Map((await app.repos.users.list()).map((user) => [user.id, user.name]));
  return (id: number | null) => (id === null ? null : (names.get(id) ?? 'A removed account'));
}
