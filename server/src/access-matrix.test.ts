import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MATRIX } from './testing/access-matrix.js';
import { accessWorld, CALLERS, type AccessWorld, type CallerName } from './testing/access-world.js';
import { multipart } from './testing/documents-fixtures.js';
import { databaseTargets, startTestServer, type TestServer } from './testing/harness.js';
import { readVersionHeader } from './testing/versions.js';

/**
 * The routes anyone may call without a token, which need no row: the probes, the country list,
 * the OpenAPI document and its viewer, the development identity provider (Keycloak in
 * production) and the self-service links' calls. A path ending in `*` stands for every path that starts with what precedes it;
 * a method `*` for every method.
 */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/ready',
  'GET /api/utils/countries',
  '* /api/docs*',
  '* /realms/nt24/*',
  // A self-service link's token is the credential (issue 19): selfservice.test.ts covers them.
  '* /api/kyc/selfservice/*',
];

function matches(pattern: string, route: string): boolean {
  const [method, path] = pattern.split(' ') as [string, string];
  const [routeMethod, routePath] = route.split(' ') as [string, string];
  if (method !== '*' && method !== routeMethod) return false;
  return path.endsWith('*') ? routePath.startsWith(path.slice(0, -1)) : routePath === path;
}

const isPublic = (route: string) => PUBLIC_ROUTES.some((pattern) => matches(pattern, route));

/** The route a row is about: its key without a " [kind]" of a further row of the same route. */
const routeOf = (key: string) => key.replace(/ \[[^\]]+\]$/, '');
const ROWS_FOR = new Set(Object.keys(ACCESS_MATRIX).map(routeOf));

/**
 * Every route, called as nobody, as each role and as a member of another company, answers
 * what its row in the access matrix says; a route without a row fails the first test.
 */
describe.each(databaseTargets())('access matrix (%s)', (target) => {
  let server: TestServer;
  let world: AccessWorld;
  const registered = new Set<string>();

  beforeAll(async () => {
    server = await startTestServer(
      target,
      // Queued exports stay queued: the matrix reads one that is never built.
      { EXPORT_WORKER: 'false' },
      {
        onRoute: (route) => {
          for (const method of [route.method].flat()) registered.add(`${method} ${route.url}`);
        },
      },
    );
    world = await accessWorld(server);
  });
  afterAll(() => server?.close());

  /** "METHOD /path" of every route, but the HEAD routes Fastify adds, which their GET answers. */
  const routes = () =>
    [...registered].filter(
      (route) => !(route.startsWith('HEAD ') && registered.has(route.replace(/^HEAD/, 'GET'))),
    );

  it('has a row for every route that is not public', () => {
    const missing = routes().filter((route) => !isPublic(route) && !ROWS_FOR.has(route));
    expect(missing, 'routes without a row in server/src/testing/access-matrix.ts').toEqual([]);
  });

  it('has rows only for routes that exist and need a token, and no stale public route', () => {
    const known = routes();
    const stale = [...ROWS_FOR].filter((route) => !known.includes(route) || isPublic(route));
    expect(stale, 'rows for a route that is gone or public').toEqual([]);
    const unused = PUBLIC_ROUTES.filter((pattern) => !known.some((r) => matches(pattern, r)));
    expect(unused, 'public routes that are gone').toEqual([]);
  });

  it.each(Object.entries(ACCESS_MATRIX))('%s', async (route, row) => {
    const method = route.split(' ')[0] as 'GET';
    const got: Partial<Record<CallerName, number>> = {};
    for (const name of CALLERS) {
      const me = name === 'anonymous' ? world.people.owner : world.people[name];
      const request = await row.request(world, me);
      const form = request.file ? multipart(request.file) : undefined;
      const response = await server.app.inject({
        method,
        url: request.url,
        headers: {
          ...(name === 'anonymous' ? {} : { authorization: `Bearer ${me.token}` }),
          ...(form ? { 'content-type': form.contentType } : {}),
          ...(await readVersionHeader(server, method, request.url, request.body)),
        },
        ...(form ? { payload: form.body } : {}),
        ...(request.body === undefined ? {} : { payload: request.body as object }),
      });
      got[name] = response.statusCode;
    }
    expect(got).toEqual(Object.fromEntries(CALLERS.map((name, i) => [name, row.expect[i]])));
  });
});
