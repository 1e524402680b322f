import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { problemDetails } from './problem-details';

/** Errors that are not HttpProblems: what the database threw, mapped to an honest status. */
describe('problem details for errors thrown below the routes', () => {
  const appThrowing = async (error: Error & { code?: string }) => {
    const app = Fastify({ logger: false });
    await app.register(problemDetails);
    app.get('/api/x', async () => {
      throw error;
    });
    return app;
  };
  const codeError = (code: string, message = 'driver error') =>
    Object.assign(new Error(message), { code });

  it.each([
    ['22021', 400, 'The request contains a character that is not allowed.'],
    ['22P05', 400, 'The request contains a character that is not allowed.'],
    ['57P01', 503, 'The service is briefly unavailable. Please try again in a moment.'],
    ['XX000', 500, 'Something went wrong on our side. Please try again.'],
  ])('code %s answers %i without the driver message', async (code, status, detail) => {
    const app = await appThrowing(
      codeError(code, 'invalid byte sequence for encoding "UTF8": 0x00'),
    );
    const res = await app.inject({ method: 'GET', url: '/api/x' });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status, detail });
    expect(res.body).not.toContain('byte sequence');
    await app.close();
  });
});
