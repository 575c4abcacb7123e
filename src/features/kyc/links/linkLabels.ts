import type { KycActor, KycStatus } from '@common/kyc';
import type { Person } from '@common/kyc-responses';
import { LINK_FILE_STATUSES, type LinkAction, type LinkState } from '@common/selfservice';
import type { TranslationKey } from '@/lib/i18n';
import { translate } from '@/lib/i18n';

/**
 * Who sees and manages a file's links (issue 19): staff, and the company's OWNER and ADMIN
 * members, as the server's policy decides.
 */
export const mayManageLinks = (actors: readonly KycActor[], staff: boolean) =>
  staff || actors.includes('partnerAdmin');

/** Whether to offer 'Share self-service link': only while the file is with the partner. */
export const mayShareLink = (status: KycStatus, actors: readonly KycActor[], staff: boolean) =>
  mayManageLinks(actors, staff) && LINK_FILE_STATUSES.includes(status);

/** The states a link may still be revoked in. */
export const REVOCABLE_STATES: readonly LinkState[] = ['active', 'submitted'];

export const STATE_LABEL_KEYS = {
  active: 'kycLinks.states.active',
  submitted: 'kycLinks.states.submitted',
  expired: 'kycLinks.states.expired',
  revoked: 'kycLinks.states.revoked',
  claimed: 'kycLinks.states.claimed',
} as const satisfies Record<LinkState, TranslationKey>;

export const STATE_VARIANTS: Record<LinkState, string> = {
  active: 'success',
  submitted: 'info',
  expired: 'warning',
  revoked: 'secondary',
  claimed: 'primary',
};

export const ACTION_LABEL_KEYS = {
  open: 'kycLinks.actions.open',
  save_data: 'kycLinks.actions.save_data',
  save_draft: 'kycLinks.actions.save_draft',
  discard_draft: 'kycLinks.actions.discard_draft',
  upload: 'kycLinks.actions.upload',
  retype_document: 'kycLinks.actions.retype_document',
  archive_document: 'kycLinks.actions.archive_document',
  restore_document: 'kycLinks.actions.restore_document',
  submit: 'kycLinks.actions.submit',
  claim: 'kycLinks.actions.claim',
} as const satisfies Record<LinkAction, TranslationKey>;

/** A person as the records name them: 'Name via self-service link #N' for what a link did. */
export function actorName(person: Person): string {
  return person.viaSelfServiceLink === undefined
    ? person.name
    : translate('kyc.audit.viaSelfServiceLink', {
        name: person.name,
        link: person.viaSelfServiceLink,
      });
}
