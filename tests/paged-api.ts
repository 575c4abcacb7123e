import { http, HttpResponse } from 'msw';
import { server } from './msw-server';

/**
 * GET `path` answering `all` a page at a time (?page=&size=), as the API's lists do. Notes each
 * query string, in the order asked.
 */
export function servePages(path: string, all: readonly unknown[]): string[] {
  const queries: string[] = [];
  server.use(
    http.get(path, ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params.toString());
      const page = Number(params.get('page'));
      const size = Number(params.get('size'));
      return HttpResponse.json({
        content: all.slice(page * size, (page + 1) * size),
        page,
        size,
        totalElements: all.length,
        totalPages: Math.ceil(all.length / size),
      });
    }),
  );
  return queries;
}
