/**
 * Documents (docs/api/documents.md): their types and statuses, what they can be looked up by,
 * and the answers of the document calls. The server validates and answers with these; the app
 * parses with them.
 */
import { z } from 'zod';
import { dateTimeSchema } from './api.js';

export const DOCUMENT_TYPES = [
  'COC_EXTRACT',
  'ARTICLES_OF_ASSOCIATION',
  'UBO_REGISTER_EXTRACT',
  'SHAREHOLDER_REGISTER',
  'ID_DOCUMENT',
  'PROOF_OF_ADDRESS',
  'BANK_STATEMENT',
  'VAT_CERTIFICATE',
  'POWER_OF_ATTORNEY',
  'FINANCIAL_STATEMENT',
  'CONTRACT',
  'INVOICE',
  'PURCHASE_ORDER',
  'ORDER_CONFIRMATION',
  'CMR',
  'BILL_OF_LADING',
  'PACKING_LIST',
  'AIR_WAYBILL',
  'PROOF_OF_DELIVERY',
  'CUSTOMS_DECLARATION',
  'CERTIFICATE_OF_ORIGIN',
  'PHOTO',
  'PROFILE_PICTURE',
  'OTHER',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/**
 * The types that carry prices and totals: financial documents, read only by those who may view
 * their company's amounts (decision 035, 042). Mark a type financial here; the app and the
 * server follow.
 */
export const FINANCIAL_DOCUMENT_TYPES: readonly DocumentType[] = [
  'INVOICE',
  'PURCHASE_ORDER',
  'ORDER_CONFIRMATION',
];

/** The papers an order takes (decision 043), the usual first. */
export const ORDER_DOCUMENT_TYPES = [
  'PURCHASE_ORDER',
  'ORDER_CONFIRMATION',
  'CONTRACT',
  'INVOICE',
  'CERTIFICATE_OF_ORIGIN',
  'PHOTO',
  'OTHER',
] as const satisfies readonly DocumentType[];

/**
 * The papers a shipment and its legs take (decision 043), the usual first; the commercial
 * invoice travels with the goods for customs.
 */
export const SHIPMENT_DOCUMENT_TYPES = [
  'PACKING_LIST',
  'CMR',
  'BILL_OF_LADING',
  'AIR_WAYBILL',
  'PROOF_OF_DELIVERY',
  'CUSTOMS_DECLARATION',
  'INVOICE',
  'CERTIFICATE_OF_ORIGIN',
  'PHOTO',
  'OTHER',
] as const satisfies readonly DocumentType[];

/**
 * Where a document is uploaded (decision 043): a trade partner's documents (its contacts',
 * addresses' and KYC steps' too), an order's, a shipment's, a leg's, a self-service link's file,
 * or a person's profile picture. Which types each takes: PLACE_DOCUMENT_TYPES (kyc.ts).
 */
export const UPLOAD_PLACES = ['company', 'order', 'shipment', 'leg', 'link', 'profile'] as const;
export type UploadPlace = (typeof UPLOAD_PLACES)[number];

export const DOCUMENT_STATUSES = ['ACTIVE', 'ARCHIVED'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** What a stored file may be, sniffed from its bytes; anything else is refused (415). */
export const ACCEPTED_CONTENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/tiff',
] as const;

/** The images every browser draws: a profile picture must be one, the viewer shows them as they are. */
export const BROWSER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** The entity names of SPEC section 3 a document can be looked up by. */
export const ENTITY_NAMES = [
  'tradepartner',
  'tradepartnercontact',
  'address',
  'user',
  'shipment',
  'order',
  'transport',
] as const;
export type EntityName = (typeof ENTITY_NAMES)[number];

const oneOf = (values: readonly string[]) => `must be one of ${values.join(', ')}`;

export const documentTypeSchema = z.enum(DOCUMENT_TYPES, oneOf(DOCUMENT_TYPES));
export const documentStatusSchema = z.enum(DOCUMENT_STATUSES, oneOf(DOCUMENT_STATUSES));

export const documentSchema = z
  .object({
    id: z.number().int(),
    uuid: z.uuid(),
    type: documentTypeSchema,
    status: documentStatusSchema,
    fileName: z.string().describe('the uploaded name reduced to a safe base name'),
    contentType: z.string().describe('sniffed from the bytes, never taken from the name'),
    size: z.number().int().describe('bytes'),
    sha256: z.string().describe('lower-case hex of the stored bytes'),
    tradePartnerId: z.number().int().nullable().describe('null only for a profile picture'),
    tradePartnerUuid: z.uuid().nullable(),
    userId: z.number().int().nullable().describe('the person a profile picture belongs to'),
    userUuid: z.uuid().nullable(),
    contactId: z.number().int().nullable(),
    contactUuid: z.uuid().nullable(),
    addressId: z.number().int().nullable(),
    addressUuid: z.uuid().nullable(),
    shipmentId: z.number().int().nullable(),
    orderId: z.number().int().nullable(),
    transportId: z.number().int().nullable(),
    place: z
      .enum(UPLOAD_PLACES)
      .describe('where it was uploaded: it takes only the types of that place (decision 043)'),
    uploadedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
    archivedAt: dateTimeSchema.nullable(),
    hasThumbnail: z.boolean().describe('GET thumbnail works'),
    accessToken: z
      .string()
      .describe('for ?token= on content, stream and thumbnail (this document, the caller)'),
    accessTokenExpiresAt: dateTimeSchema,
    permissions: z
      .object({
        change: z
          .boolean()
          .describe(
            'the caller may archive, restore and retype it now (staff of a file in review or decided: with a reason)',
          ),
      })
      .describe('what the caller may do with it (decision 035): the app shows only those controls'),
  })
  .meta({ id: 'Document' });

export type Document = z.infer<typeof documentSchema>;

export const documentPageSchema = z
  .object({
    documents: z.array(documentSchema),
    page: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'DocumentPage' });

export type DocumentPage = z.infer<typeof documentPageSchema>;

export const profilePictureUploadSchema = z
  .object({
    imageUrl: z.string().describe('the thumbnail URL now stored as the user’s profilePicture'),
    document: documentSchema,
  })
  .meta({ id: 'ProfilePictureUpload' });

export type ProfilePictureUpload = z.infer<typeof profilePictureUploadSchema>;

export const accessTokenSchema = z
  .object({ token: z.string(), expiresAt: dateTimeSchema })
  .meta({ id: 'DocumentAccessToken' });

export type DocumentAccessToken = z.infer<typeof accessTokenSchema>;

export const storeDiagnosisSchema = z
  .object({
    backend: z.enum(['local', 's3']),
    bucket: z.string().optional(),
    reachable: z.boolean(),
    writable: z.boolean(),
    latencyMs: z.number(),
    message: z.string(),
  })
  .meta({ id: 'DocumentStoreDiagnosis' });

export type StoreDiagnosis = z.infer<typeof storeDiagnosisSchema>;

export const documentTypesSchema = z
  .record(documentTypeSchema, z.string())
  .describe('English label of every document type');

export const documentStatusesSchema = z.array(documentStatusSchema);
