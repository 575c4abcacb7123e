import { createHash, randomUUID } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { KYC_STEP_TYPES, type KycStepType } from '#common/kyc.js';
import type { Insights } from '#common/kyc-insights.js';
import { fileProgress } from '#common/kyc-progress.js';
import type {
  AuditEvent,
  KycComment,
  KycStep,
  Person,
  StatusRecord,
} from '#common/kyc-responses.js';
import { minimalPdf } from '#server/testing/minimal-pdf.js';
import type {
  ExportDocument,
  ExportDocumentSource,
  KycExportModel,
} from '#server/modules/kyc/export/model.js';

/*
 * A realistic review file without a database: Müller Handels GmbH, every step filled in and
 * reviewed, comments, decisions, an audit trail, insights and four documents (a two-page PDF,
 * a PNG, a JPEG and a PDF that is not one).
 */

export const COMPANY = 'Müller Handels GmbH';
const KYC_ID = 4711;
const KYC_UUID = '0c5e3f0a-7d1b-4c55-9e0e-2f1d8c9a6b31';

const anna: Person = { id: 11, name: 'Anna de Vries' };
const jose: Person = { id: 12, name: 'José Álvarez' };
const owner: Person = { id: 21, name: 'Jürgen Müller' };

const at = (day: number, hour = 10) => new Date(Date.UTC(2025, 2, day, hour, 15)).toISOString();

/** A real two-page PDF, as pdf-lib writes it. */
async function twoPagePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of ['Handelsregisterauszug, Seite 1', 'Handelsregisterauszug, Seite 2']) {
    pdf.addPage([595.28, 841.89]).drawText(text, { x: 72, y: 760, size: 18, font });
  }
  return Buffer.from(await pdf.save());
}

/** A one-page PDF that says it is encrypted (as far as any reader goes before it needs a key). */
export const encryptedPdf = () =>
  Buffer.from(
    minimalPdf('Vertraulich')
      .toString('latin1')
      .replace('/Root 1 0 R >>', '/Root 1 0 R /Encrypt << /Filter /Standard /V 1 /R 2 >> >>'),
    'latin1',
  );

/** A light picture with a frame, as a scan of a card or a bill might look. */
export function picture(format: 'png' | 'jpeg', width: number, height: number): Promise<Buffer> {
  const frame =
    `<svg width="${width}" height="${height}"><rect x="40" y="40" width="${width - 80}" ` +
    `height="${height - 80}" fill="none" stroke="#1f4e79" stroke-width="8"/></svg>`;
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 214, g: 226, b: 238 } },
  }).composite([{ input: Buffer.from(frame) }]);
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

export interface StoredFile {
  document: ExportDocument;
  bytes: Buffer;
}

let nextId = 900;

export function stored(
  fields: Pick<ExportDocument, 'type' | 'fileName' | 'contentType' | 'stepType'>,
  bytes: Buffer,
  day: number,
): StoredFile {
  nextId += 1;
  return {
    document: {
      id: nextId,
      uuid: randomUUID(),
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      uploadedAt: at(day),
      uploadedBy: owner.name,
      ...fields,
    },
    bytes,
  };
}

/** The four documents and their bytes, in step order. */
export async function exportFiles(): Promise<StoredFile[]> {
  return [
    stored(
      {
        type: 'COC_EXTRACT',
        fileName: 'Handelsregisterauszug Müller.pdf',
        contentType: 'application/pdf',
        stepType: 'coc',
      },
      await twoPagePdf(),
      2,
    ),
    stored(
      {
        type: 'ID_DOCUMENT',
        fileName: 'Reisepass Jürgen Müller.png',
        contentType: 'image/png',
        stepType: 'contacts',
      },
      await picture('png', 640, 420),
      2,
    ),
    stored(
      {
        type: 'PROOF_OF_ADDRESS',
        fileName: 'Stromrechnung März.jpg',
        contentType: 'image/jpeg',
        stepType: 'addresses',
      },
      await picture('jpeg', 600, 850),
      3,
    ),
    stored(
      {
        type: 'BANK_STATEMENT',
        fileName: 'Kontoauszug (beschädigt).pdf',
        contentType: 'application/pdf',
        stepType: 'bank-and-vat',
      },
      Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R\ntruncated'),
      4,
    ),
  ];
}

const STEP_DATA: Record<KycStepType, Record<string, unknown>> = {
  coc: {
    cocNumber: 'HRB 123456',
    registeredName: COMPANY,
    legalForm: 'GmbH',
    registrationDate: '2010-03-01',
    extractDate: '2025-02-20',
  },
  contacts: {
    people: [
      { firstName: 'Jürgen', lastName: 'Müller', role: 'DIRECTOR', idDocumentId: 902 },
      {
        firstName: 'Zofia',
        lastName: 'Łukasiewicz',
        role: 'UBO',
        ownershipPercentage: 60,
        dateOfBirth: '1980-01-31',
        nationality: 'PL',
        idDocumentId: 902,
      },
    ],
  },
  addresses: {
    registered: {
      street: 'Königsallee',
      houseNumber: '27',
      postCode: '40212',
      city: 'Düsseldorf',
      country: 'DE',
    },
  },
  'bank-and-vat': {
    iban: 'DE89370400440532013000',
    accountHolder: COMPANY,
    vatNumber: 'DE136695976',
  },
  cdd: {
    businessActivity: 'Großhandel mit Metallen und Halbzeugen für Kunden in der EU.',
    countriesOfOperation: ['DE', 'PL', 'FR'],
    expectedMonthlyVolume: '250000.00',
    sourceOfFunds: 'Umsatzerlöse aus dem Handel',
    pepDeclared: false,
    sanctionsDeclared: false,
  },
  insights: {},
};

function step(stepType: KycStepType, index: number): KycStep {
  const approved = stepType !== 'cdd';
  return {
    id: 100 + index,
    uuid: randomUUID(),
    kycId: KYC_ID,
    kycUuid: KYC_UUID,
    stepType,
    status: approved ? 'APPROVED' : 'CHANGES_REQUESTED',
    data: STEP_DATA[stepType],
    draft: null,
    draftSavedAt: null,
    comment: approved ? null : 'Bitte die Herkunft der Mittel genauer beschreiben.',
    commentVisibility: approved ? null : 'shared',
    request: approved
      ? null
      : {
          kind: 'CHANGES_REQUESTED',
          comment: 'Bitte die Herkunft der Mittel genauer beschreiben.',
          by: anna,
          at: at(6),
          open: true,
          answeredAt: null,
          answeredBy: null,
          documents: [],
        },
    version: 3,
    updatedAt: at(5),
    updatedBy: owner,
    reviewedAt: at(6),
    changes: [],
    editable: false,
    documentTypes: [],
  };
}

const event = (
  id: number,
  fields: Partial<AuditEvent> & Pick<AuditEvent, 'action' | 'entity'>,
): AuditEvent => ({
  id,
  kycId: KYC_ID,
  entityId: null,
  stepType: null,
  from: null,
  to: null,
  reason: null,
  details: null,
  user: anna,
  createdAt: at(6, 9 + (id % 8)),
  ...fields,
});

const decisions: AuditEvent[] = [
  event(31, {
    entity: 'step',
    stepType: 'coc',
    action: 'step_status_changed',
    from: 'IN_PROGRESS',
    to: 'APPROVED',
    details: { version: 3, previousVersion: 2, requested: 'COMPLETED' },
  }),
  event(32, {
    entity: 'step',
    stepType: 'cdd',
    action: 'step_status_changed',
    from: 'IN_PROGRESS',
    to: 'CHANGES_REQUESTED',
    reason: 'Bitte die Herkunft der Mittel genauer beschreiben.',
    user: jose,
  }),
];

const audit: AuditEvent[] = [
  event(21, {
    entity: 'submission',
    action: 'created',
    to: 'DRAFT',
    user: owner,
    details: { version: 1, steps: ['coc', 'contacts'] },
  }),
  event(22, {
    entity: 'step',
    stepType: 'bank-and-vat',
    action: 'step_data_saved',
    from: 'PENDING',
    to: 'IN_PROGRESS',
    user: owner,
    details: { changedFields: ['iban', 'accountHolder'], version: 2, previousVersion: 1 },
  }),
  event(23, { entity: 'submission', action: 'status_changed', from: 'DRAFT', to: 'SUBMITTED' }),
  event(25, {
    entity: 'document',
    entityId: 7,
    action: 'document_retyped',
    from: 'ID_DOCUMENT',
    to: 'PROOF_OF_ADDRESS',
    reason: 'Uploaded under the wrong type.',
    user: jose,
    details: { fileName: 'utility-bill.pdf', type: 'ID_DOCUMENT', fileStatus: 'IN_REVIEW' },
  }),
  ...decisions,
  event(24, {
    entity: 'submission',
    action: 'pdf_exported',
    user: jose,
    details: {
      jobId: 'f3b1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      filename: `kyc-export-${KYC_UUID}.pdf`,
      sha256: '9c56cc51b374c3ba189210d5b6d4bf57790d351c96c47c02190ecf1e430635ab',
      size: 182_304,
      pageCount: 21,
      language: 'de',
      orderUuid: null,
      includeAuditLogs: true,
      includeDocumentThumbnails: true,
      includeFullDocuments: false,
    },
  }),
];

const comments: KycComment[] = [
  {
    id: 51,
    kycId: KYC_ID,
    stepType: 'cdd',
    comment: 'Die Angaben zur Herkunft der Mittel sind zu knapp.',
    visibility: 'internal',
    user: jose,
    createdAt: at(6, 11),
    context: { kind: 'comment', status: null },
  },
  {
    id: 52,
    kycId: KYC_ID,
    stepType: null,
    comment:
      'Société Générale Négoce ist als Lieferant bekannt; Łódź Trading Sp. z o.o. ebenfalls.',
    visibility: 'shared',
    user: anna,
    createdAt: at(6, 12),
    context: { kind: 'comment', status: null },
  },
];

const history: StatusRecord[] = [
  { status: 'DRAFT', fromStatus: null, comment: null, isCompliant: null, user: owner, day: 1 },
  {
    status: 'SUBMITTED',
    fromStatus: 'DRAFT',
    comment: null,
    isCompliant: null,
    user: owner,
    day: 4,
  },
  {
    status: 'IN_REVIEW',
    fromStatus: 'SUBMITTED',
    comment: 'Prüfung begonnen.',
    isCompliant: null,
    user: anna,
    day: 5,
  },
  {
    status: 'CHANGES_REQUESTED',
    fromStatus: 'IN_REVIEW',
    comment: 'Angaben zur Sorgfaltsprüfung fehlen.',
    isCompliant: false,
    user: jose,
    day: 6,
  },
].map(({ day, ...record }, index) => ({
  id: 60 + index,
  kycId: KYC_ID,
  createdAt: at(day),
  ...(record as Omit<StatusRecord, 'id' | 'kycId' | 'createdAt' | 'visibility'>),
  visibility: 'shared' as const,
}));

const insights: Insights = {
  kycId: KYC_ID,
  computedAt: at(6, 8),
  riskLevel: 'MEDIUM',
  summary: { high: 0, medium: 1, low: 0, info: 1 },
  completeness: KYC_STEP_TYPES.map((stepType) => ({
    stepType,
    complete: stepType !== 'cdd',
    missing: stepType === 'cdd' ? ['sourceOfFunds'] : [],
  })),
  findings: [
    {
      code: 'STEP_INCOMPLETE',
      severity: 'MEDIUM',
      stepType: 'cdd',
      message: 'Step cdd is incomplete: sourceOfFunds missing or invalid.',
      params: { missing: 'sourceOfFunds', count: 1 },
    },
    {
      code: 'VAT_NOT_CHECKED',
      severity: 'INFO',
      stepType: 'bank-and-vat',
      message: 'The VAT number could not be checked.',
      params: {},
    },
  ],
  acknowledgementNeeded: true,
  fingerprint: 'f'.repeat(64),
};

/** An earlier approval of the same company's data despite an open finding (issue 14). */
const riskAcknowledgements: AuditEvent[] = [
  event(49, {
    entity: 'submission',
    entityId: KYC_ID,
    action: 'risk_acknowledged',
    to: 'MEDIUM',
    reason: 'Herkunft der Mittel telefonisch bestätigt; Jahresabschluss folgt.',
    details: {
      riskLevel: 'MEDIUM',
      findings: [
        {
          code: 'STEP_INCOMPLETE',
          severity: 'MEDIUM',
          stepType: 'cdd',
          message: 'Step cdd is incomplete: sourceOfFunds missing or invalid.',
        },
      ],
    },
  }),
];

/** The review file's model, with everything; `documents` from exportFiles(). */
export function exportModel(documents: readonly ExportDocument[]): KycExportModel {
  const steps = KYC_STEP_TYPES.map((stepType) => ({
    stepType,
    status: stepType === 'cdd' ? ('CHANGES_REQUESTED' as const) : ('APPROVED' as const),
    started: stepType !== 'insights',
  }));
  return {
    submission: {
      id: KYC_ID,
      uuid: KYC_UUID,
      status: 'CHANGES_REQUESTED',
      submission: { status: 'CHANGES_REQUESTED' },
      tradePartnerId: 7,
      tradePartnerUuid: randomUUID(),
      tradePartnerName: COMPANY,
      customerId: 7,
      customerUuid: randomUUID(),
      customerContactId: null,
      obligedEntityId: 1,
      obligedEntityUuid: randomUUID(),
      obligedEntityName: 'NT24 Compliance Services B.V.',
      obligedEntityContactId: anna.id,
      reviewer: anna,
      approvalRequestedBy: null,
      steps,
      progress: fileProgress('CHANGES_REQUESTED', steps, []),
      riskLevel: 'MEDIUM',
      version: 7,
      createdAt: at(1),
      updatedAt: at(6),
      submittedAt: at(4),
      decidedAt: null,
      createdBy: owner,
    },
    steps: KYC_STEP_TYPES.map(step),
    comments,
    statusHistory: history,
    decisions,
    riskAcknowledgements,
    audit,

    insights,
    documents: [...documents],
    order: null,
    generatedAt: new Date(Date.UTC(2025, 2, 7, 9, 30)),
    generatedBy: jose,
  };
}

/** A source over files in memory that counts how `original` is called. */
export function memorySource(files: readonly StoredFile[]) {
  const calls = { original: 0, concurrent: 0, maxConcurrent: 0, thumbnail: 0 };
  const bytesOf = (document: ExportDocument) => {
    const file = files.find((candidate) => candidate.document.id === document.id);
    if (!file) throw new Error(`document ${document.id} is not stored`);
    return file.bytes;
  };
  const source: ExportDocumentSource = {
    async thumbnail(document) {
      calls.thumbnail += 1;
      if (!document.contentType.startsWith('image/')) return null;
      return sharp(bytesOf(document)).resize(240, 240, { fit: 'inside' }).png().toBuffer();
    },
    async original(document) {
      calls.original += 1;
      calls.concurrent += 1;
      calls.maxConcurrent = Math.max(calls.maxConcurrent, calls.concurrent);
      try {
        // A store answers later: overlapping reads would show here.
        await new Promise((resolve) => setTimeout(resolve, 5));
        return bytesOf(document);
      } finally {
        calls.concurrent -= 1;
      }
    },
  };
  return { source, calls };
}
