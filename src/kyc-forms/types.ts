import type { DocumentType } from '@common/documents';
import type { DataStepType, StepDataByType, StepIssue } from '@common/kyc-steps';
import type { Decimal } from '@common/money';

/**
 * What a form holds while it is filled in: every field optional, numbers as typed (a string)
 * or as saved (a number), amounts as typed in the app's language (decision 015), a choice not
 * made yet undefined.
 */
export type Draft<T> = T extends readonly (infer Item)[]
  ? Draft<Item>[]
  : T extends Decimal
    ? string
    : T extends number
      ? number | string
      : T extends string | boolean
        ? T
        : T extends object
          ? { [K in keyof T]?: Draft<T[K]> }
          : T;

/** The form state of a step: StepDataByType[T] with everything optional and numbers as typed. */
export type StepDraft<T extends DataStepType> = Draft<StepDataByType[T]>;

/** One of the company's documents as the forms show it. */
export interface StepDocument {
  id: number;
  type: DocumentType;
  fileName: string;
  /** ISO date-time; shown when given. */
  uploadedAt?: string;
}

/** The documents of a step and what may be done with them; the caller does the calls. */
export interface StepDocumentsProps {
  /** The company's ACTIVE documents of this step's types. */
  documents: readonly StepDocument[];
  /** The types that may be uploaded here: STEP_DOCUMENT_TYPES[stepType]. */
  allowedTypes: readonly DocumentType[];
  /** Which of them the step needs; those missing are listed as still needed. */
  requiredTypes: readonly DocumentType[];
  /** Uploads a file; resolves with the stored document, rejects (an ApiError) when refused. */
  onUpload(file: File, documentType: DocumentType): Promise<StepDocument>;
  onArchive(documentId: number): Promise<void>;
  onChangeType(documentId: number, documentType: DocumentType): Promise<void>;
  /** Opens the document (a viewer); no View button without it. */
  onView?(documentId: number): void;
}

export interface KycStepFormProps<T extends DataStepType> {
  stepType: T;
  value: StepDraft<T>;
  onChange(value: StepDraft<T>): void;
  /**
   * Shown next to the field whose path matches: paths are relative to the step data ('iban',
   * 'people.0.lastName', 'registered.city', 'countriesOfOperation'), as validateStepData and
   * the server's 400 details give them. Issues no field shows are listed above the form.
   */
  issues: readonly StepIssue[];
  /** For the country selects, sorted by name by the caller. */
  countries: readonly { code: string; name: string }[];
  documents: StepDocumentsProps;
  /** Every control disabled; no uploading, archiving or changing of types. */
  readOnly?: boolean;
  /** Makes the inputs' ids unique when several forms share a page; useId() when absent. */
  idPrefix?: string;
}

/** What each step's form receives from KycStepForm. */
export type StepFormProps<T extends DataStepType> = Omit<
  KycStepFormProps<T>,
  'stepType' | 'idPrefix'
> & { idPrefix: string };
