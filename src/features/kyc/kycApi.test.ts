import { http, HttpResponse } from 'msw';
import { KYC_STEP_TYPES } from '@common/kyc';
import {
  changeKycStatus,
  filterKyc,
  getKyc,
  getKycById,
  getKycByUuid,
  getPartnerKycsByUuid,
} from '@/features/kyc/kycApi';
import { parseKycRef } from '@/features/kyc/kycModel';
import { changeKycStepStatus, getKycSteps } from '@/features/kyc/collection/kycStepsApi';
import {
  insightsJson,
  kycUuid,
  partnerUuid,
  stepJson,
  stepsJson,
  submissionJson,
} from '../../../tests/data/kyc';
import { server } from '../../../tests/msw-server';

/** Answers every request with `answer` and notes it as 'METHOD /path?query' with its body. */
function capture(answer: (request: Request) => Response | Promise<Response>) {
  const seen: { line: string; query: URLSearchParams; body: unknown }[] = [];
  server.use(
    http.all('/api/kyc/*', async ({ request }) => {
      const url = new URL(request.url);
      const text = request.method === 'GET' ? '' : await request.clone().text();
      seen.push({
        line: `${request.method} ${url.pathname}`,
        query: url.searchParams,
        body: text ? JSON.parse(text) : undefined,
      });
      return answer(request);
    }),
  );
  return seen;
}

describe('parseKycRef (SPEC section 3)', () => {
  it('reads a value with a hyphen or of length 36 as a uuid, a positive integer as an id', () => {
    expect(parseKycRef('12')).toEqual({ kind: 'id', id: 12 });
    expect(parseKycRef(12)).toEqual({ kind: 'id', id: 12 });
    expect(parseKycRef(kycUuid)).toEqual({ kind: 'uuid', uuid: kycUuid });
    expect(parseKycRef('ab-cd')).toEqual({ kind: 'uuid', uuid: 'ab-cd' });
    expect(parseKycRef('x'.repeat(36))).toEqual({ kind: 'uuid', uuid: 'x'.repeat(36) });
    for (const value of ['0', 'abc', '1.5', '', null, undefined, 0]) {
      expect(parseKycRef(value)).toBeNull();
    }
  });
});

describe('kycApi', () => {
  it('reads a submission by id or by uuid, the uuid form with its insights', async () => {
    const seen = capture((request) =>
      HttpResponse.json(
        request.url.includes('/uuid/')
          ? { ...submissionJson(), insights: insightsJson }
          : submissionJson(),
      ),
    );
    expect((await getKyc('12')).id).toBe(12);
    expect((await getKyc(kycUuid)).uuid).toBe(kycUuid);
    expect((await getKycByUuid(kycUuid)).insights?.riskLevel).toBe('MEDIUM');
    expect(seen.map(({ line }) => line)).toEqual([
      'GET /api/kyc/12',
      `GET /api/kyc/uuid/${kycUuid}`,
    ]);
  });

  it('refuses missing parameters in the words of SPEC section 5, before any request', async () => {
    const seen = capture(() => HttpResponse.json({}));
    await expect(getKycById(undefined as unknown as number)).rejects.toThrow(
      'Required parameter id was null or undefined when calling getKycById.',
    );
    await expect(getKycSteps(null as unknown as number)).rejects.toThrow(
      'Required parameter id was null or undefined when calling getKycSteps.',
    );
    await expect(
      changeKycStepStatus(12, 'coc', undefined as unknown as number, {
        status: 'COMPLETED',
        version: 1,
      }),
    ).rejects.toThrow(
      'Required parameter userId was null or undefined when calling changeKycStepStatus.',
    );
    await expect(
      filterKyc({}, undefined as unknown as { page: number; size: number }),
    ).rejects.toThrow('Required parameter pageable was null or undefined when calling filterKycs.');
    await expect(getPartnerKycsByUuid('')).rejects.toThrow(
      'Required parameter partnerUuid was null or undefined when calling getPartnerKycsByUuid.',
    );
    expect(seen).toEqual([]);
  });

  it('asks for steps with a cache-busting timestamp', async () => {
    const seen = capture(() => HttpResponse.json(stepsJson()));
    const steps = await getKycSteps(12);
    expect(steps.map((step) => step.stepType)).toEqual([...KYC_STEP_TYPES]);
    expect(seen[0]!.line).toBe('GET /api/kyc/12/steps');
    expect(seen[0]!.query.get('_')).toMatch(/^\d+$/);
  });

  it('sends a status change as {status, userId, comment, isCompliant, version}', async () => {
    const seen = capture(() =>
      HttpResponse.json(
        {
          id: 5,
          kycId: 12,
          status: 'APPROVED',
          fromStatus: 'WAITING_FOR_APPROVAL',
          comment: null,
          visibility: 'shared',
          isCompliant: true,
          user: { id: 7, name: 'Mark de Vries' },
          createdAt: '2025-06-04T08:00:00.000Z',
        },
        { status: 201 },
      ),
    );
    const record = await changeKycStatus(12, {
      status: 'APPROVED',
      userId: 7,
      isCompliant: true,
      version: 3,
    });
    expect(record.status).toBe('APPROVED');
    expect(seen[0]).toMatchObject({
      line: 'POST /api/kyc/12/status',
      body: { status: 'APPROVED', userId: 7, comment: null, isCompliant: true, version: 3 },
    });
  });

  it('sends a step status change as {status, comment?, version} with ?userId=', async () => {
    const seen = capture(() =>
      HttpResponse.json({ ...stepJson('coc', { status: 'REJECTED' }), unchanged: false }),
    );
    await changeKycStepStatus(12, 'coc', 7, { status: 'REJECTED', comment: 'Too old', version: 1 });
    await changeKycStepStatus(12, 'coc', 7, { status: 'COMPLETED', version: 2 });
    expect(seen.map(({ line, body }) => [line, body])).toEqual([
      ['POST /api/kyc/12/steps/coc/status', { status: 'REJECTED', comment: 'Too old', version: 1 }],
      ['POST /api/kyc/12/steps/coc/status', { status: 'COMPLETED', version: 2 }],
    ]);
    expect(seen[0]!.query.get('userId')).toBe('7');
  });

  it('filters with repeated statuses, the reviewer and paging', async () => {
    const seen = capture(() =>
      HttpResponse.json({ content: [], page: 1, size: 20, totalElements: 0, totalPages: 0 }),
    );
    await filterKyc(
      { kycStatus: ['IN_REVIEW', 'SUBMITTED'], obligedEntityContactId: 7, search: ' Van ' },
      { page: 1, size: 20, sort: 'updatedAt,desc' },
    );
    expect(seen[0]!.line).toBe('GET /api/kyc/filter');
    expect(seen[0]!.query.toString()).toBe(
      'kycStatus=IN_REVIEW&kycStatus=SUBMITTED&obligedEntityContactId=7&search=Van&page=1&size=20&sort=updatedAt%2Cdesc',
    );
  });

  it('reads a partner’s submissions by its uuid', async () => {
    const seen = capture(() => HttpResponse.json([submissionJson()]));
    expect(await getPartnerKycsByUuid(partnerUuid)).toHaveLength(1);
    expect(seen[0]!.line).toBe(`GET /api/kyc/partner/uuid/${partnerUuid}`);
  });
});
