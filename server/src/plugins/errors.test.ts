import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import errors, { loggable } from './errors.js';

describe('loggable', () => {
  it("keeps a failed query's SQL and the database's reason, never its parameters", () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    const error = new DrizzleQueryError(
      'update "trade_partners" set "name" = $1 where "id" = $2',
      ['Jansen Secret Holding B.V.', 7],
      cause,
    );
    const logged = loggable(error);
    expect(logged).toEqual({
      type: 'DrizzleQueryError',
      message: 'Failed query: update "trade_partners" set "name" = $1 where "id" = $2',
      cause: {
        type: 'Error',
        message: 'invalid byte sequence for encoding "UTF8": 0x00',
        code: '22021',
      },
    });
    expect(JSON.stringify(logged)).not.toContain('Jansen');
  });

  it('leaves any other error as it is', () => {
    const error = new TypeError('x is not a function');
    expect(loggable(error)).toBe(error);
  });
});

describe('an address with no route', () => {
  it('is answered without the token it holds', async () => {
    const app = Fastify();
    await app.register(errors);
    const token = 'q9Xw3vB7nL2kR8sT1yZ4uP6mC0dF5gH-aJ_eK3oI7rU';
    const answer = await app.inject({ method: 'GET', url: `/api/kyc/selfservice/${token}` });
    await app.close();
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({
      message: 'No route for GET /api/kyc/selfservice/[redacted].',
    });
    expect(answer.body).not.toContain(token);
  });
});
