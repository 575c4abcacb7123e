import type { TestServer } from './harness.js';

/** The parts of a JSON schema in the OpenAPI document that the derived tests read. */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema?: Schema;
}

interface OperationObject {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

interface Document {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, Schema> };
}

/** One operation of the API as the OpenAPI document describes it. */
export interface Operation {
  method: string;
  /** The path with `{name}` placeholders. */
  template: string;
  pathParameters: string[];
  queryParameters: { name: string; schema: Schema | undefined }[];
  /** The JSON body's schema, $refs resolved at the top; undefined when it takes none. */
  body: Schema | undefined;
  /** Whether it takes a multipart body (an upload). */
  multipart: boolean;
}

/** The API's operations and a resolver for their schemas, read from `/api/docs/json`. */
export async function apiOperations(server: TestServer) {
  const document = (
    await server.app.inject({ method: 'GET', url: '/api/docs/json' })
  ).json<Document>();

  const resolve = (schema: Schema | undefined): Schema | undefined =>
    schema?.$ref ? resolve(document.components?.schemas?.[schema.$ref.split('/').at(-1)!]) : schema;

  const alternatives = (schema: Schema) => [
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ];

  /** Whether a value of this schema may be a string. */
  const takesText = (schema: Schema | undefined): boolean => {
    const resolved = resolve(schema);
    if (!resolved) return false;
    return (
      [resolved.type ?? []].flat().includes('string') || alternatives(resolved).some(takesText)
    );
  };

  /** The top-level properties of an object schema (through allOf, anyOf and oneOf). */
  const properties = (schema: Schema | undefined): Record<string, Schema> => {
    const resolved = resolve(schema);
    if (!resolved) return {};
    return Object.assign(
      {},
      ...alternatives(resolved).map(properties),
      resolved.properties ?? {},
    ) as Record<string, Schema>;
  };

  const operations: Operation[] = [];
  for (const [template, byMethod] of Object.entries(document.paths)) {
    if (!template.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(byMethod)) {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        template,
        pathParameters: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParameters: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema })),
        body: resolve(content['application/json']?.schema),
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return { operations, resolve, takesText, properties };
}

/** The path of an operation with each parameter filled: a uuid where the name says so, else 1. */
export function fillPath(template: string, values: Record<string, string> = {}): string {
  return template.replace(
    /\{(\w+)\}/g,
    (_, name: string) =>
      values[name] ?? (name.toLowerCase().includes('uuid') ? crypto.randomUUID() : '1'),
  );
}
