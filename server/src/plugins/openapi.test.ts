import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#server/testing/harness.js';

describe('OpenAPI document', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.close());

  it('describes the routes from their zod schemas', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/ready',
        '/api/auth/keycloak/ensure-user',
        '/api/auth/session/info',
        '/api/users/keycloak/{identityId}',
        '/api/documents',
        '/api/documents/filter',
        '/api/documents/{documentId}',
        '/api/documents/{documentId}/content',
        '/api/documents/{documentId}/stream',
        '/api/documents/{documentId}/thumbnail',
        '/api/documents/{documentId}/token',
        '/api/documents/entity-uuid/{entityName}/{entityUuid}',
        '/api/documents/diagnose-s3',
        '/api/kyc',
        '/api/kyc/uuid',
        '/api/kyc/accessible',
        '/api/kyc/filter',
        '/api/kyc/{id}',
        '/api/kyc/uuid/{uuid}',
        '/api/kyc/{id}/comments',
        '/api/kyc/uuid/{uuid}/comments',
        '/api/kyc/{id}/status',
        '/api/kyc/uuid/{uuid}/status',
        '/api/kyc/{id}/status/{statusId}',
        '/api/kyc/{id}/audit',
        '/api/kyc/uuid/{uuid}/audit',
        '/api/kyc/{id}/steps',
        '/api/kyc/uuid/{uuid}/steps',
        '/api/kyc/{id}/steps/{stepType}',
        '/api/kyc/uuid/{uuid}/steps/{stepType}',
        '/api/kyc/{id}/steps/{stepType}/status',
        '/api/kyc/uuid/{uuid}/steps/{stepType}/status',
        '/api/kyc/{id}/steps/insights/{stepUuid}/status',
        '/api/kyc/uuid/{uuid}/steps/insights/{stepUuid}/status',
        '/api/kyc/{id}/steps/{stepType}/data',
        '/api/kyc/uuid/{uuid}/steps/{stepType}/data',
        '/api/kyc/{id}/steps/{stepType}/draft',
        '/api/kyc/uuid/{uuid}/steps/{stepType}/draft',
        '/api/kyc/{id}/readiness',
        '/api/kyc/uuid/{uuid}/readiness',
        '/api/kyc/{id}/insights',
        '/api/kyc/uuid/{uuid}/insights',
        '/api/kyc/partner/{id}',
        '/api/kyc/partner/uuid/{uuid}',
        '/api/kyc/customers',
        '/api/kyc/customers/{customerUuid}',
        '/api/kyc/customer/{customerUuid}/status-and-review',
      ]),
    );
    expect(document.components.schemas.User.properties.email).toBeDefined();
    expect(document.components.schemas.Document.properties.accessToken).toBeDefined();
    expect(document.paths['/api/documents'].post.operationId).toBe('uploadDocument');
    expect(document.components.schemas.KycSubmission.properties.steps).toBeDefined();
    expect(document.paths['/api/kyc/filter'].get.operationId).toBe('filterKycs');
    expect(document.paths['/api/kyc/{id}/status'].post.tags).toEqual(['kyc']);
    const draft = document.paths['/api/kyc/uuid/{uuid}/steps/{stepType}/draft'];
    expect([draft.put.operationId, draft.delete.operationId]).toEqual([
      'saveKycStepDraftByUuid',
      'deleteKycStepDraftByUuid',
    ]);
    expect(document.components.schemas.KycStep.properties.changes).toBeDefined();
    expect(document.components.schemas.KycReadiness.properties.missing).toBeDefined();
  });

  it('is browsable without signing in', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('answers unknown API paths with the common error shape', async () => {
    const token = await server.token();
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
