import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person, startTestServer, type TestServer } from '#server/testing/harness.js';
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

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

describe('control characters in every text field of the API', () => {
  let server: TestServer;
  let token: string;
  let document: {
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, Schema> };
  };

  beforeAll(async () => {
    server = await startTestServer('pglite');
    token = await server.token(person('superadmin', ['NT24_SUPER_ADMIN']));
    document = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(() => server.close());

  const resolve = (schema: Schema | undefined): Schema | undefined =>
    schema?.$ref ? resolve(document.components?.schemas?.[schema.$ref.split('/').at(-1)!]) : schema;

  /** Whether a value of this schema may be a string (then a route would take the text). */
  const takesText = (schema: Schema | undefined): boolean => {
    const resolved = resolve(schema);
    if (!resolved) return false;
    const types = [resolved.type ?? []].flat();
    return (
      types.includes('string') ||
      [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])].some(
        takesText,
      )
    );
  };

  /** The text properties of a body's schema, top level (through allOf, anyOf and oneOf). */
  const textProperties = (schema: Schema | undefined): string[] => {
    const resolved = resolve(schema);
    if (!resolved) return [];
    const own = Object.entries(resolved.properties ?? {})
      .filter(([, property]) => takesText(property))
      .map(([name]) => name);
    const combined = [
      ...(resolved.allOf ?? []),
      ...(resolved.anyOf ?? []),
      ...(resolved.oneOf ?? []),
    ].flatMap(textProperties);
    return [...new Set([...own, ...combined])];
  };

  /** Every text a request of the OpenAPI document can carry, each as one hostile request. */
  function hostileRequests() {
    const requests: {
      method: string;
      url: string;
      payload?: Record<string, string>;
      field: string;
    }[] = [];
    for (const [template, operations] of Object.entries(document.paths)) {
      if (!template.startsWith('/api/')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const parameters = operation.parameters ?? [];
        const pathParameters = parameters.filter((p) => p.in === 'path').map((p) => p.name);
        const url = (hostile?: string) =>
          template.replace(/\{(\w+)\}/g, (_, name: string) =>
            name === hostile
              ? 'a%00b'
              : name.toLowerCase().includes('uuid')
                ? crypto.randomUUID()
                : '1',
          );
        for (const name of pathParameters) {
          requests.push({ method, url: url(name), field: `params.${name}` });
        }
        for (const parameter of parameters.filter((p) => p.in === 'query')) {
          if (!takesText(parameter.schema)) continue;
          requests.push({
            method,
            url: `${url()}?${parameter.name}=a%01b`,
            field: `querystring.${parameter.name}`,
          });
        }
        const json = operation.requestBody?.content?.['application/json']?.schema;
        for (const property of textProperties(json)) {
          requests.push({
            method,
            url: url(),
            payload: { [property]: 'a\u0000b' },
            field: `body.${property}`,
          });
        }
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
        method: request.method.toUpperCase() as 'GET',
        url: request.url,
        headers: { authorization: `Bearer ${token}` },
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      answers.push({
        request: `${request.method.toUpperCase()} ${request.url} ${request.field}`,
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
