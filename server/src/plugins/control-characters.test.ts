import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person, startTestServer, type TestServer } from '#server/testing/harness.js';
import { apiOperations, fillPath } from '#server/testing/openapi.js';
import { CONTROL_CHARACTER_MESSAGE, controlCharacterAt } from './control-characters.js';

describe('controlCharacterAt', () => {
  it('finds a control character in any string or key, and names where', () => {
    expect(controlCharacterAt({ name: 'a\u0000b' })).toBe('name');
    expect(controlCharacterAt({ contacts: [{ name: 'ok' }, { name: 'bell\u0007' }] })).toBe(
      'contacts.1.name',
    );
    expect(controlCharacterAt({ data: { 'key\u001b': 'value' } })).toBe('data.key\u001b');
    expect(controlCharacterAt('\u007f')).toBe('');
  });

  it('lets multi-line text, unicode and every other value through', () => {
    expect(
      controlCharacterAt({
        comment: 'line one\r\nline two\tindented',
        name: 'Müller & Söhne — 東京 🚢',
        count: 3,
        flag: false,
        none: null,
      }),
    ).toBeUndefined();
  });

  it('walks any depth of nesting without exhausting the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(controlCharacterAt(deep)).toMatch(/^(0\.){99999}0$/);
  });
});

describe('control characters in every text field of the API', () => {
  let server: TestServer;
  let token: string;
  let api: Awaited<ReturnType<typeof apiOperations>>;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    token = await server.token(person('superadmin', ['NT24_SUPER_ADMIN']));
    api = await apiOperations(server);
  });
  afterAll(() => server.close());

  /** Every text a request of the OpenAPI document can carry, each as one hostile request. */
  function hostileRequests() {
    const requests: {
      method: string;
      url: string;
      payload?: Record<string, string>;
      field: string;
    }[] = [];
    for (const operation of api.operations) {
      const { method, template } = operation;
      for (const name of operation.pathParameters) {
        requests.push({
          method,
          url: fillPath(template, { [name]: 'a%00b' }),
          field: `params.${name}`,
        });
      }
      for (const parameter of operation.queryParameters) {
        if (!api.takesText(parameter.schema)) continue;
        requests.push({
          method,
          url: `${fillPath(template)}?${parameter.name}=a%01b`,
          field: `querystring.${parameter.name}`,
        });
      }
      for (const [property, schema] of Object.entries(api.properties(operation.body))) {
        if (!api.takesText(schema)) continue;
        requests.push({
          method,
          url: fillPath(template),
          payload: { [property]: 'a\u0000b' },
          field: `body.${property}`,
        });
      }
    }
    return requests;
  }

  it('answers 400 naming the field, for each text the OpenAPI document describes', async () => {
    const requests = hostileRequests();
    // Path parameters, query parameters and body fields of the KYC, partner, document, user
    // and search routes: well over a hundred texts.
    expect(requests.length).toBeGreaterThan(150);
    const answers = [];
    for (const request of requests) {
      const response = await server.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: { authorization: `Bearer ${token}` },
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      answers.push({
        request: `${request.method} ${request.url} ${request.field}`,
        status: response.statusCode,
        details: response.json().details,
      });
    }
    expect(answers.filter((answer) => answer.status !== 400)).toEqual([]);
    for (const [index, answer] of answers.entries()) {
      expect(answer.details, answer.request).toEqual([
        { field: requests[index]!.field, message: CONTROL_CHARACTER_MESSAGE },
      ]);
    }
  });

  it('leaves the identity provider’s forms to the identity provider', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health?x=a%00b' });
    expect(response.statusCode).toBe(400);
    const outside = await server.app.inject({ method: 'GET', url: '/realms/x%00' });
    expect(outside.statusCode).not.toBe(500);
  });
});
