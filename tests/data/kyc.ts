// Test data for the KYC screens' tests: answers as docs/api/kyc.md shapes them, and a small
// KYC server over msw that keeps what it is told.
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { KYC_STEP_TYPES, STEP_DOCUMENT_TYPES, type KycStatus, type KycStepType } from '@common/kyc';
import { fileProgress, type StepProgressInput } from '@common/kyc-progress';
import { mockDocumentsApi } from './documents';
import { server } from '../msw-server';
import { errorBody } from '../msw-handlers';

export const kycUuid = '7d3e2f1a-4b5c-4d6e-8f70-1a2b3c4d5e6f';
export const partnerUuid = '0b8f5d2a-1c3e-4f5a-9b7c-2d4e6f8a0b1c';
const obligedUuid = '5c4b3a29-1807-4f6e-9d5c-4b3a29180716';

export const eva = { id: 21, name: 'Eva Jansen' };
export const mark = { id: 7, name: 'Mark de Vries' };

/** The progress the server would answer for a file with nothing missing (common/kyc-progress.ts). */
const progressOf = (status: string, steps: readonly { stepType: KycStepType; status: string }[]) =>
  fileProgress(status as KycStatus, steps as StepProgressInput[], []);

export function submissionJson(overrides: Record<string, unknown> = {}) {
  const status = (overrides.status as string | undefined) ?? 'IN_REVIEW';
  const steps = (
    (overrides.steps as { stepType: KycStepType; status: string; started?: boolean }[] | undefined) ??
    KYC_STEP_TYPES.map((stepType) => ({ stepType, status: 'PENDING' }))
  ).map((step) => ({ started: false, ...step }));
  return {
    id: 12,
    uuid: kycUuid,
    status,
    submission: { status },
    tradePartnerId: 42,
    tradePartnerUuid: partnerUuid,
    tradePartnerName: 'Van Dijk Logistics B.V.',
    customerId: 42,
    customerUuid: partnerUuid,
    customerContactId: null,
    obligedEntityId: 1,
    obligedEntityUuid: obligedUuid,
    obligedEntityName: 'NT24 B.V.',
    obligedEntityContactId: eva.id,
    reviewer: eva,
    approvalRequestedBy: null,
    progress: progressOf(status, steps),
    riskLevel: 'MEDIUM',
    version: 3,
    createdAt: '2025-06-01T08:00:00.000Z',
    updatedAt: '2025-06-03T09:30:00.000Z',
    submittedAt: '2025-06-02T10:00:00.000Z',
    decidedAt: null,
    createdBy: null,
    ...overrides,
    steps,
  };
}

export function stepJson(stepType: KycStepType, overrides: Record<string, unknown> = {}) {
  const index = KYC_STEP_TYPES.indexOf(stepType);
  return {
    id: 100 + index,
    uuid: `00000000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`,
    kycId: 12,
    kycUuid,
    stepType,
    status: 'PENDING',
    data: {} as Record<string, unknown>,
    comment: null as string | null,
    commentVisibility: null as string | null,
    request: null as Record<string, unknown> | null,
    version: 1,
    updatedAt: '2025-06-02T10:00:00.000Z',
    updatedBy: null as { id: number; name: string } | null,
    documentTypes: [...STEP_DOCUMENT_TYPES[stepType]],
    draft: null as Record<string, unknown> | null,
    draftSavedAt: null as string | null,
    reviewedAt: null as string | null,
    changes: [] as { field: string; before: unknown; after: unknown }[],
    editable: false,
    ...overrides,
  };
}

export const stepsJson = () => KYC_STEP_TYPES.map((stepType) => stepJson(stepType));

/** A reviewer's open request on a step, as the server answers it (issue 14). */
export function requestJson(
  kind: string,
  comment: string,
  overrides: Record<string, unknown> = {},
) {
  return {
    kind,
    comment,
    by: eva,
    at: '2025-06-03T09:40:00.000Z',
    open: true,
    answeredAt: null,
    answeredBy: null,
    documents: [],
    ...overrides,
  };
}

export const historyJson = [
  {
    id: 1,
    kycId: 12,
    status: 'SUBMISSION_COMMENT',
    fromStatus: null,
    comment: 'All documents are attached.',
    visibility: 'shared',
    isCompliant: null,
    user: { id: 30, name: 'Pieter van Dijk' },
    createdAt: '2025-06-02T10:00:00.000Z',
  },
  {
    id: 2,
    kycId: 12,
    status: 'IN_REVIEW',
    fromStatus: 'SUBMITTED',
    comment: null,
    visibility: 'shared',
    isCompliant: null,
    user: eva,
    createdAt: '2025-06-03T09:30:00.000Z',
  },
];

export const commentsJson = [
  {
    id: 1,
    kycId: 12,
    stepType: 'coc',
    comment: 'The extract is from last year.',
    visibility: 'shared',
    user: eva,
    createdAt: '2025-06-03T09:40:00.000Z',
    context: { kind: 'comment', status: null },
  },
];

export const auditJson = [
  {
    id: 1,
    kycId: 12,
    entity: 'submission',
    entityId: 12,
    stepType: null,
    action: 'status_changed',
    from: 'SUBMITTED',
    to: 'IN_REVIEW',
    reason: null,
    details: null,
    user: eva,
    createdAt: '2025-06-03T09:30:00.000Z',
  },
  {
    id: 2,
    kycId: 12,
    entity: 'step',
    entityId: 100,
    stepType: 'coc',
    action: 'step_status_changed',
    from: 'PENDING',
    to: 'WAITING_FOR_APPROVAL',
    reason: null,
    details: null,
    user: eva,
    createdAt: '2025-06-03T09:45:00.000Z',
  },
  {
    id: 3,
    kycId: 12,
    entity: 'submission',
    entityId: 12,
    stepType: null,
    action: 'review_taken_over',
    from: mark.name,
    to: eva.name,
    reason: null,
    details: { reviewerId: eva.id, previousReviewerId: mark.id },
    user: eva,
    createdAt: '2025-06-03T10:15:00.000Z',
  },
];

export const insightsJson = {
  kycId: 12,
  computedAt: '2025-06-03T10:00:00.000Z',
  riskLevel: 'MEDIUM',
  summary: { high: 0, medium: 1, low: 1, info: 0 },
  completeness: [
    { stepType: 'coc', complete: true, missing: [] },
    { stepType: 'bank-and-vat', complete: false, missing: ['vatNumber'] },
  ],
  findings: [
    {
      code: 'COC_EXTRACT_OLD',
      severity: 'MEDIUM',
      stepType: 'coc',
      message: 'The CoC extract is 14 months old.',
      params: { months: 14 },
    },
    {
      code: 'SOMETHING_NEW',
      severity: 'LOW',
      stepType: null,
      message: 'A check this app does not know yet.',
      params: {},
    },
  ],
  acknowledgementNeeded: false,
  fingerprint: '',
};

/** What a step status change answers: the step as the server made it, or a refusal. */
export type StepAnswer = (
  stepType: KycStepType,
  body: { status: string; comment?: string; version?: number },
) => Response | Promise<Response>;

interface KycServerOptions {
  submission?: ReturnType<typeof submissionJson>;
  steps?: ReturnType<typeof stepJson>[];
  /** How POST .../steps/{stepType}/status answers; by default it does as asked. */
  stepAnswer?: StepAnswer;
  /** How POST .../status answers; by default it records the move. */
  statusAnswer?: (body: Record<string, unknown>) => Response | Promise<Response>;
  /** What GET .../readiness answers; by default ready, nothing missing. */
  readiness?: { ready: boolean; missing: Record<string, unknown>[] };
  /** What GET .../insights answers; by default insightsJson. */
  insights?: Record<string, unknown>;
  /** How PUT .../steps/{stepType}/data answers; by default it saves (IN_PROGRESS, draft gone). */
  dataAnswer?: (
    stepType: KycStepType,
    body: { data: Record<string, unknown>; version?: number },
  ) => Response | Promise<Response>;
}

export const refusal = (status: number, message: string, details?: unknown) =>
  HttpResponse.json(
    { ...errorBody(status, status === 403 ? 'Forbidden' : 'Conflict', message), details },
    { status },
  );

/**
 * A KYC server for one submission (id 12) and its partner's documents. Answers the requests
 * made, as 'METHOD /path?query' (the steps' cache-busting parameter left out), and the bodies
 * of the changes.
 */
export function mockKycApi(options: KycServerOptions = {}) {
  let submission = options.submission ?? submissionJson();
  let steps = options.steps ?? stepsJson();
  const requests: string[] = [];
  const bodies: { path: string; body: unknown }[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url);
    url.searchParams.delete('_');
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    return url;
  };
  const json = (request: Request, body: JsonBodyType) => {
    record(request);
    return HttpResponse.json(body);
  };
  /** As the server does: a step sent back or rejected carries the reviewer's open request. */
  const changeStep = (stepType: KycStepType, status: string, comment?: string) => {
    const asks = (status === 'CHANGES_REQUESTED' || status === 'REJECTED') && comment;
    steps = steps.map((step) =>
      step.stepType === stepType
        ? {
            ...step,
            status,
            comment: comment ?? step.comment,
            request: asks ? requestJson(status, comment) : null,
            version: step.version + 1,
          }
        : step,
    );

    const changed = submission.steps.map((item) =>
      item.stepType === stepType ? { ...item, status } : item,
    );
    submission = {
      ...submission,
      steps: changed,
      progress: progressOf(submission.status, changed),
    };
    return steps.find((step) => step.stepType === stepType)!;
  };

  mockDocumentsApi([]);
  server.use(
    http.get('/api/kyc/filter', ({ request }) =>
      json(request, { content: [submission], page: 0, size: 20, totalElements: 1, totalPages: 1 }),
    ),
    http.get('/api/kyc/partner/uuid/:uuid', ({ request }) => json(request, [submission])),
    http.get('/api/kyc/:id/steps', ({ request }) => json(request, steps)),
    http.get('/api/kyc/:id/steps/:stepType', ({ request, params }) => {
      const step = steps.find((item) => item.stepType === params.stepType);
      return step
        ? json(request, step)
        : HttpResponse.json(errorBody(404, 'Not Found', 'KYC step not found'), { status: 404 });
    }),
    http.get('/api/kyc/:id/readiness', ({ request }) =>
      json(request, options.readiness ?? { ready: true, missing: [] }),
    ),
    http.put('/api/kyc/:id/steps/:stepType/data', async ({ request, params }) => {
      const url = record(request);
      const body = (await request.json()) as { data: Record<string, unknown>; version?: number };
      bodies.push({ path: `${url.pathname}${url.search}`, body });
      const stepType = params.stepType as KycStepType;
      if (options.dataAnswer) return options.dataAnswer(stepType, body);
      steps = steps.map((step) =>
        step.stepType === stepType
          ? {
              ...step,
              data: body.data,
              status: 'IN_PROGRESS',
              version: step.version + 1,
              draft: null,
              draftSavedAt: null,
            }
          : step,
      );
      return HttpResponse.json(steps.find((step) => step.stepType === stepType));
    }),
    http.put('/api/kyc/:id/steps/:stepType/draft', async ({ request, params }) => {
      const url = record(request);
      const body = (await request.json()) as { draft: Record<string, unknown> };
      bodies.push({ path: `${url.pathname}${url.search}`, body });
      steps = steps.map((step) =>
        step.stepType === params.stepType
          ? { ...step, draft: body.draft, draftSavedAt: '2025-06-04T09:15:00.000Z' }
          : step,
      );
      return HttpResponse.json(steps.find((step) => step.stepType === params.stepType));
    }),
    http.get('/api/kyc/:id/comments', ({ request }) => json(request, commentsJson)),
    http.get('/api/kyc/:id/status', ({ request }) => json(request, historyJson)),
    http.get('/api/kyc/:id/audit', ({ request }) => json(request, auditJson)),
    http.get('/api/kyc/:id/insights', ({ request }) =>
      json(request, options.insights ?? insightsJson),
    ),
    http.post('/api/kyc/:id/steps/:stepType/request/withdraw', async ({ request, params }) => {
      const url = record(request);
      const body = (await request.json()) as { comment: string; visibility?: string };
      bodies.push({ path: `${url.pathname}${url.search}`, body });
      steps = steps.map((step) =>
        step.stepType === params.stepType
          ? {
              ...step,
              status: step.status === 'CHANGES_REQUESTED' ? 'IN_PROGRESS' : step.status,
              request: null,
              comment: body.comment,
              commentVisibility: body.visibility ?? 'shared',
              version: step.version + 1,
            }
          : step,
      );
      return HttpResponse.json(steps.find((step) => step.stepType === params.stepType));
    }),
    http.get('/api/kyc/:id', ({ request, params }) =>
      params.id === String(submission.id)
        ? json(request, submission)
        : HttpResponse.json(errorBody(404, 'Not Found', 'KYC submission not found'), {
            status: 404,
          }),
    ),
    http.post('/api/kyc/:id/steps/:stepType/status', async ({ request, params }) => {
      const url = record(request);
      const body = (await request.json()) as { status: string; comment?: string };
      bodies.push({ path: `${url.pathname}${url.search}`, body });
      const stepType = params.stepType as KycStepType;
      if (options.stepAnswer) return options.stepAnswer(stepType, body);
      const status = body.status === 'COMPLETED' ? 'WAITING_FOR_APPROVAL' : body.status;
      return HttpResponse.json({ ...changeStep(stepType, status, body.comment), unchanged: false });
    }),
    http.post('/api/kyc/:id/status', async ({ request }) => {
      const url = record(request);
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push({ path: url.pathname, body });
      if (options.statusAnswer) return options.statusAnswer(body);
      submission = {
        ...submission,
        status: body.status as string,
        progress: progressOf(body.status as string, submission.steps),
        version: submission.version + 1,
      };
      return HttpResponse.json(
        {
          id: 99,
          kycId: 12,
          status: body.status,
          fromStatus: 'IN_REVIEW',
          comment: body.comment ?? null,
          isCompliant: body.isCompliant ?? null,
          user: mark,
          createdAt: '2025-06-04T08:00:00.000Z',
        },
        { status: 201 },
      );
    }),
    http.post('/api/kyc/:id/comments', async ({ request }) => {
      const url = record(request);
      const body = (await request.json()) as {
        comment: string;
        stepType?: string;
        visibility?: string;
      };
      bodies.push({ path: url.pathname, body });
      return HttpResponse.json(
        {
          id: 2,
          kycId: 12,
          stepType: body.stepType ?? null,
          comment: body.comment,
          visibility: body.visibility ?? 'shared',

          user: mark,
          createdAt: '2025-06-04T08:00:00.000Z',
          context: { kind: 'comment', status: null },
        },
        { status: 201 },
      );
    }),
  );
  return { requests, bodies, changeStep };
}
