import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person, startTestServer, type TestServer } from '#server/testing/harness.js';
import { apiOperations, fillPath } from '#server/testing/openapi.js';

/** The same requests on every run: a failure names its seed and its path to replay it. */
const SEED = 17;
/** How long the sweep may take; it stops there with what it has tried. */
const TIME_BUDGET_MS = 20_000;

/** Texts an attacker tries, beside arbitrary ones. */
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '__proto__',
    'constructor',
    '../../../etc/passwd',
    "' or 1=1 --",
    '%00',
    '%',
    'null',
    '-1',
    '0',
    '1e309',
    '9'.repeat(40),
    'x'.repeat(100_000),
  ),
);

const hostileKey = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', ''),
);

/** Any JSON value, with hostile texts and keys, a few levels deep. */
const anyValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileText,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Every byte of the text's UTF-8 percent-encoded (a lone surrogate as U+FFFD's bytes). */
const percentEncoded = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** The JSON of an array nested `depth` levels deep (built as text: reports show the depth). */
const nested = (depth: number) => `${'['.repeat(depth)}"bottom"${']'.repeat(depth)}`;

/** A body: the operation's own fields with values of any type, anything at all, or very deep. */
const bodyOf = (fields: string[]) =>
  fc.oneof(
    fc
      .record(Object.fromEntries(fields.map((field) => [field, anyValue])), { requiredKeys: [] })
      .map((value) => JSON.stringify(value)),
    anyValue.map((value) => JSON.stringify(value)),
    fc.integer({ min: 100, max: 5000 }).map(nested),
    fc.constant(undefined),
  );

describe('the API under hostile input (fuzz, fixed seed, time budget)', () => {
  let server: TestServer;
  let staffToken: string;
  let api: Awaited<ReturnType<typeof apiOperations>>;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    staffToken = await server.token(person('superadmin', ['NT24_SUPER_ADMIN']));
    api = await apiOperations(server);
  });
  afterAll(() => server.close());

  it('never answers 5xx, and answers every error in the common shape', async () => {
    const request = fc.constantFrom(...api.operations).chain((operation) =>
      fc.record({
        operation: fc.constant(operation),
        path: fc.tuple(...operation.pathParameters.map(() => hostileText)),
        query: fc.record(
          Object.fromEntries(operation.queryParameters.map(({ name }) => [name, hostileText])),
          { requiredKeys: [] },
        ),
        body: bodyOf(Object.keys(api.properties(operation.body))),
        authorization: fc.constantFrom('staff', 'none', 'garbage'),
      }),
    );
    let tried = 0;
    await fc.assert(
      fc.asyncProperty(request, async ({ operation, path, query, body, authorization }) => {
        tried += 1;
        const values = Object.fromEntries(
          operation.pathParameters.map((name, index) => [name, percentEncoded(path[index]!)]),
        );
        const search = Object.entries(query)
          .map(([name, value]) => `${name}=${percentEncoded(value as string)}`)
          .join('&');
        const response = await server.app.inject({
          method: operation.method as 'GET',
          url: `${fillPath(operation.template, values)}${search ? `?${search}` : ''}`,
          headers: {
            ...(authorization === 'staff' ? { authorization: `Bearer ${staffToken}` } : {}),
            ...(authorization === 'garbage' ? { authorization: 'Bearer not.a.token' } : {}),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { payload: body }),
        });
        const where = `${operation.method} ${operation.template}`;
        expect(response.statusCode, where).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect(response.json(), where).toMatchObject({
            statusCode: response.statusCode,
            error: expect.any(String),
            message: expect.any(String),
          });
        }
      }),
      {
        seed: SEED,
        numRuns: 100_000,
        interruptAfterTimeLimit: TIME_BUDGET_MS,
        markInterruptAsFailure: false,
      },
    );
    // Enough requests that every operation was likely tried a few times.
    expect(tried).toBeGreaterThan(api.operations.length * 2);
  });
});
