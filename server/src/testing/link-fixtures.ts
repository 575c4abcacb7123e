import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { DocumentType } from '#common/documents.js';
import { REQUIRED_STEP_DOCUMENTS } from '#common/kyc.js';
import { DATA_STEP_TYPES } from '#common/kyc-steps.js';
import { multipart } from '#server/testing/documents-fixtures.js';
import { person, type TestServer } from '#server/testing/harness.js';
import { validStepData, type KycCompany } from '#server/testing/kyc-fixtures.js';
import { minimalPdf } from '#server/testing/minimal-pdf.js';
import { unique, type Actor } from '#server/testing/partners-fixtures.js';

/** The self-service API's base path, as the tests call it. */
export const API = '/api/kyc/selfservice';
export const AGENT = 'Mozilla/5.0 (selfservice test)';

/** A call through a link: its token in the header, no bearer. */
export function viaLink(
  server: TestServer,
  token: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method,
    url,
    headers: {
      'user-agent': AGENT,
      ...(token === undefined ? {} : { 'x-self-service-token': token }),
      ...headers,
    },
    ...(body === undefined ? {} : { payload: body as string }),
  });
}

export function uploadViaLink(
  server: TestServer,
  token: string,
  documentType: DocumentType,
  content: Buffer = minimalPdf(documentType),
) {
  const form = multipart({ name: `${documentType.toLowerCase()}.pdf`, content });
  return server.app.inject({
    method: 'POST',
    url: `${API}/documents?documentType=${documentType}`,
    headers: {
      'x-self-service-token': token,
      'content-type': form.contentType,
      'user-agent': AGENT,
    },
    payload: form.body,
  });
}

/** Uploads every document the steps need through the link, then saves every step. */
export async function fillViaLink(
  server: TestServer,
  token: string,
  partner: KycCompany['partner'],
): Promise<Map<DocumentType, number>> {
  const types = [...new Set(Object.values(REQUIRED_STEP_DOCUMENTS).flat())];
  const ids = new Map<DocumentType, number>();
  for (const type of types) {
    const uploaded = await uploadViaLink(server, token, type);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    ids.set(type, uploaded.json().id);
  }
  const data = validStepData(partner, ids.get('ID_DOCUMENT')!);
  const file = (await viaLink(server, token, 'GET', `${API}/file`)).json();
  for (const stepType of DATA_STEP_TYPES) {
    const step = file.steps.find((s: { stepType: string }) => s.stepType === stepType);
    const saved = await viaLink(server, token, 'PUT', `${API}/steps/${stepType}/data`, {
      data: data[stepType],
      version: step.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return ids;
}

/**
 * Someone who signed up as a link's recipient might (a trade partner and owner, as
 * self-registration makes them), with `email` and whether the identity provider vouches for it.
 */
export async function signUp(
  server: TestServer,
  email: string,
  emailVerified: boolean,
): Promise<Actor> {
  const name = unique('recipient');
  const claims = {
    ...person(name, ['NT24_TRADE_PARTNER', 'OWNER']),
    email,
    email_verified: emailVerified,
  };
  const token = await server.token(claims);
  const ensured = await server.app.inject({
    method: 'POST',
    url: '/api/auth/keycloak/ensure-user',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(ensured.statusCode, ensured.body).toBe(200);
  const user = await server.app.inject({
    method: 'GET',
    url: `/api/users/keycloak/${claims.sub}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { name, token, claims, email, userId: user.json().id, userUuid: user.json().uuid };
}

/** POST /claim: the link's token in the header, and `who`'s bearer token when given. */
export const claim = (server: TestServer, who: Actor | null, token: string) =>
  server.app.inject({
    method: 'POST',
    url: `${API}/claim`,
    headers: {
      'x-self-service-token': token,
      ...(who ? { authorization: `Bearer ${who.token}` } : {}),
    },
  });
