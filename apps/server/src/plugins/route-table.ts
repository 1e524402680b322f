import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RouteAccess } from './api-guard';

export interface RouteEntry {
  method: string;
  url: string;
  /** The access the route declared (every /api route has one; site routes have none). */
  access: RouteAccess | undefined;
  /** A `session` route that a personal API token may not call. */
  sessionOnly: boolean;
  /** A route that changes how a person signs in: only soon after signing in. */
  recentSignIn: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the router knows, as registered: the security suite walks it. */
    routeTable: readonly RouteEntry[];
  }
}

/** Records each route as it is added; registered first, so it sees every one. */
export const routeTable = fp(
  async (app: FastifyInstance) => {
    const entries: RouteEntry[] = [];
    app.decorate('routeTable', entries);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        entries.push({
          method,
          url: route.url,
          access: route.config?.access,
          sessionOnly: route.config?.sessionOnly === true,
          recentSignIn: route.config?.recentSignIn === true,
        });
      }
    });
  },
  { name: 'route-table' },
);
