import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { toApiError } from '@/lib/api-error';
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
