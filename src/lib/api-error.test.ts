import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { fieldIssues, fieldMessages, fieldPath, toApiError } from '@/lib/api-error';
import { server } from '../../tests/msw-server';

async function failure(response: () => Response): Promise<unknown> {
  server.use(http.get('/api/fails', response));
  return apiClient.get('/api/fails').catch((error: unknown) => error);
}

describe('toApiError', () => {
  it("keeps the server's status, message and details", async () => {
    const error = await failure(() =>
      HttpResponse.json(
        {
          statusCode: 422,
          error: 'Unprocessable Entity',
          message: 'Invalid body',
          details: [{ path: 'email' }],
        },
        { status: 422 },
      ),
    );
    expect(toApiError(error)).toEqual({
      status: 422,
      message: 'Invalid body',
      details: [{ path: 'email' }],
    });
  });

  it('keeps the request id, so a support person can ask for it', async () => {
    const error = await failure(() =>
      HttpResponse.json(
        { statusCode: 404, error: 'Not Found', message: 'Gone', requestId: 'req-7' },
        { status: 404 },
      ),
    );
    const kept = toApiError(error);
    expect(kept).toEqual({ status: 404, message: 'Gone', requestId: 'req-7' });
    expect(toApiError(kept)).toBe(kept);
  });

  it('uses the HTTP error when the body is not the error shape', async () => {
    const error = await failure(
      () => new HttpResponse('<html>bad gateway</html>', { status: 502 }),
    );
    expect(toApiError(error)).toMatchObject({
      status: 502,
      message: expect.stringContaining('502'),
    });
  });

  it('gives status 0 for network failures and other errors, and stays serializable', async () => {
    const error = await failure(() => HttpResponse.error());
    expect(toApiError(error)).toMatchObject({ status: 0 });
    expect(toApiError(new Error('boom'))).toEqual({ status: 0, message: 'boom' });
    const parsed = toApiError(z.object({ id: z.number() }).safeParse({}).error);
    expect(JSON.parse(JSON.stringify(parsed))).toEqual(parsed);
  });
});

describe('field issues of a 400', () => {
  const refusal = {
    status: 400,
    message: 'body.vatNumber: not a valid VAT number for NL',
    details: [
      { field: 'body.vatNumber', message: 'not a valid VAT number for NL' },
      { field: 'body.vatNumber', message: 'is too long' },
      { field: '/address/street', message: 'is required' },
      { field: 'body.data.iban', message: 'is not a valid IBAN', code: 'iban' },
      { field: 'querystring.size', message: 'is too large', code: 7 },
      { field: 'name' },
      'junk',
      null,
    ],
  };

  it('names fields as the forms do', () => {
    expect(fieldPath('body.address.city')).toBe('address.city');
    expect(fieldPath('/address/city')).toBe('address.city');
    expect(fieldPath('querystring.vatNumber')).toBe('vatNumber');
    expect(fieldPath('params.uuid')).toBe('uuid');
    expect(fieldPath('body')).toBe('body');
    expect(fieldPath('data.people.0.lastName')).toBe('data.people.0.lastName');
  });

  it('reads every { field, message, code? } item in order, and passes over the rest', () => {
    expect(fieldIssues(refusal)).toEqual([
      { field: 'vatNumber', message: 'not a valid VAT number for NL' },
      { field: 'vatNumber', message: 'is too long' },
      { field: 'address.street', message: 'is required' },
      { field: 'data.iban', message: 'is not a valid IBAN', code: 'iban' },
      { field: 'size', message: 'is too large' },
    ]);
    expect(fieldIssues(refusal)[4]).not.toHaveProperty('code');
  });

  it('finds none in any other answer', () => {
    expect(fieldIssues(null)).toEqual([]);
    expect(fieldIssues(undefined)).toEqual([]);
    expect(fieldIssues({ ...refusal, status: 409 })).toEqual([]);
    expect(fieldIssues({ status: 400, message: 'Bad' })).toEqual([]);
    expect(fieldIssues({ status: 400, message: 'Bad', details: { field: 'name' } })).toEqual([]);
  });

  it("gives a form its fields' first messages, top-level or under a prefix", () => {
    expect(fieldMessages(refusal)).toEqual({
      vatNumber: 'not a valid VAT number for NL',
      size: 'is too large',
    });
    expect(fieldMessages(refusal, 'address')).toEqual({ street: 'is required' });
    expect(fieldMessages(refusal, 'data')).toEqual({ iban: 'is not a valid IBAN' });
    expect(
      fieldMessages({
        status: 400,
        message: 'Bad',
        details: [{ field: 'constructor', message: 'is odd' }],
      }),
    ).toEqual({ constructor: 'is odd' });
    expect(fieldMessages(null)).toEqual({});
  });
});
