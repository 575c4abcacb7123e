// Self-service links as the server answers them (common/selfservice.ts), and a small server of
// one file's links over msw that keeps what it is told.
import { http, HttpResponse } from 'msw';
import type { LinkState } from '@common/selfservice';
import { server } from '../../../../tests/msw-server';
import { eva, kycUuid } from '../../../../tests/data/kyc';

export function linkJson(id: number, state: LinkState, overrides: Record<string, unknown> = {}) {
  return {
    id,
    uuid: `00000000-0000-4000-8000-0000000002${String(id).padStart(2, '0')}`,
    kycId: 12,
    kycUuid,
    recipientEmail: 'finance@vandijk.example',
    recipientName: 'Anna de Boer',
    language: 'de',
    allowAccount: true,
    accessLevel: 'EDITOR',
    state,
    createdBy: eva,
    createdAt: '2025-06-01T12:00:00.000Z',
    expiresAt: '2025-06-15T12:00:00.000Z',
    revokedAt: null as string | null,
    revokedBy: null as { id: number; name: string } | null,
    submittedAt: null as string | null,
    claimedAt: null as string | null,
    lastUsedAt: null as string | null,
    uses: 0,
    ...overrides,
  };
}

const usesJson = [
  {
    id: 2,
    at: '2025-06-03T12:30:00.000Z',
    address: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/139.0',
    action: 'save_data',
  },
  {
    id: 1,
    at: '2025-06-02T12:00:00.000Z',
    address: '203.0.113.7',
    userAgent: null,
    action: 'open',
  },
];

type Link = ReturnType<typeof linkJson>;

interface LinksServerOptions {
  links?: Link[];
  /** How POST .../selfservice-links answers; by default it makes link #9, not e-mailed. */
  createAnswer?: (body: Record<string, unknown>) => Response;
}

/** The links of file 12: what was asked ('METHOD /path') and the bodies of the changes. */
export function mockLinksApi(options: LinksServerOptions = {}) {
  let links = options.links ?? [];
  const requests: string[] = [];
  const bodies: unknown[] = [];
  const base = '/api/kyc/:id/selfservice-links';
  const record = (request: Request) => {
    requests.push(`${request.method} ${new URL(request.url).pathname}`);
  };
  server.use(
    http.get(base, ({ request }) => {
      record(request);
      return HttpResponse.json(links);
    }),
    http.post(base, async ({ request }) => {
      record(request);
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      if (options.createAnswer) return options.createAnswer(body);
      const link = linkJson(9, 'active', {
        recipientEmail: body.recipientEmail ?? null,
        recipientName: body.recipientName ?? null,
        language: body.language,
        allowAccount: body.allowAccount,
        accessLevel: body.accessLevel ?? 'EDITOR',
      });
      links = [link, ...links];
      return HttpResponse.json(
        { ...link, token: 'tok-secret', url: '/kyc/selfservice/tok-secret', mailed: false },
        { status: 201 },
      );
    }),
    http.post(`${base}/:linkId/revoke`, ({ request, params }) => {
      record(request);
      links = links.map((link) =>
        link.id === Number(params.linkId)
          ? { ...link, state: 'revoked', revokedAt: '2025-06-04T12:00:00.000Z', revokedBy: eva }
          : link,
      );
      return HttpResponse.json(links.find((link) => link.id === Number(params.linkId)));
    }),
    http.get(`${base}/:linkId/uses`, ({ request }) => {
      record(request);
      return HttpResponse.json(usesJson);
    }),
  );
  return { requests, bodies };
}
