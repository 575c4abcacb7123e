import {
  validateStepData,
  type DataStepType,
  type StepContext,
  type StepIssue,
  type StepValidation,
} from '#common/kyc-steps.js';
import { record } from './insights/fields.js';

const NOT_AN_ID_DOCUMENT = 'is not an ID document of this company';

/** The ID documents the people of a contacts step name, where they are ids at all. */
export function namedIdDocuments(
  stepType: DataStepType,
  data: unknown,
): { field: string; id: number }[] {
  const people = stepType === 'contacts' ? record(data)?.people : undefined;
  if (!Array.isArray(people)) return [];
  return people.flatMap((person, index) => {
    const id = record(person)?.idDocumentId;
    return typeof id === 'number' && Number.isInteger(id) && id > 0
      ? [{ field: `people.${index}.idDocumentId`, id }]
      : [];
  });
}

/**
 * validateStepData, plus the one rule it cannot check alone: each person's ID document is one
 * of `idDocuments`, the ACTIVE ID documents of the file's own company. A document of another
 * company gets the same words as one that does not exist, so nothing about it shows.
 */
export function checkStepData<T extends DataStepType>(
  stepType: T,
  data: unknown,
  idDocuments: ReadonlySet<number>,
  now: Date,
  context: StepContext = {},
): StepValidation<T> {
  const result = validateStepData(stepType, data, now, context);
  const issues: StepIssue[] = result.ok ? [] : result.issues;
  const reported = new Set(issues.map((issue) => issue.field));
  const foreign = namedIdDocuments(stepType, data)
    .filter(({ field, id }) => !idDocuments.has(id) && !reported.has(field))
    .map(({ field }): StepIssue => ({ field, code: 'document', message: NOT_AN_ID_DOCUMENT }));
  if (result.ok && foreign.length === 0) return result;
  return { ok: false, issues: [...issues, ...foreign] };
}
