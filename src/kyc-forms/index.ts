/**
 * The trade partner's KYC step forms (issue 7): presentational, so the signed-in KYC page and
 * the anonymous self-service page can both use them. They read no store, user or route and
 * call no API: the value, the issues, the countries and the document callbacks come in as
 * props, and every change goes out through onChange (controlled forms).
 *
 * - `KycStepForm` shows the form of a step with data (coc, contacts, addresses, bank-and-vat,
 *   cdd), with the step's documents. `issues` (from validateStepData or the server's 400
 *   details) show next to the field of the same path; any other issue above the form.
 * - `StepDocuments` is the documents part alone: list, change of type, archive, upload.
 * - `toStepData` turns the form state into what is saved and validated (blank fields dropped,
 *   amounts and percentages read in the app's language, decision 015); `checkDraft` answers
 *   its issues, a typed amount that does not read among them; `fromStepData` and
 *   `fromStepDraft` turn saved data or a kept draft into form state (an empty form for
 *   undefined).
 */
export { KycStepForm } from '@/kyc-forms/KycStepForm';
export { StepDocuments, missingTypes } from '@/kyc-forms/StepDocuments';
export {
  checkDraft,
  fromStepData,
  fromStepDraft,
  matchesSaved,
  toStepData,
} from '@/kyc-forms/stepDraft';
export type {
  KycStepFormProps,
  StepDocument,
  StepDocumentsProps,
  StepDraft,
} from '@/kyc-forms/types';
