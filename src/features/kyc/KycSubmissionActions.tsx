import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import type { KycActor, KycTransition } from '@common/kyc';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { offeredTransitions, stepsReady } from '@/features/kyc/kycActors';
import { statusLabel } from '@/features/kyc/kycLabels';
import type { KycSubmission } from '@/features/kyc/kycModel';
import { selectKycChange } from '@/features/kyc/kycSlice';
import { changeSubmissionStatus, statusChangeKey } from '@/features/kyc/kycThunks';
import { CommentField, CompliantField } from '@/features/kyc/DecisionFields';
import type { TranslationKey } from '@/lib/i18n';

/** The button (and dialog title) of a move, by where it goes and, for IN_REVIEW, where from. */
function moveLabelKey({ from, to }: KycTransition): TranslationKey {
  switch (to) {
    case 'SUBMITTED':
      return 'kyc.transitions.submit';
    case 'DRAFT':
      return 'kyc.transitions.withdraw';
    case 'IN_REVIEW':
      if (from === 'SUBMITTED') return 'kyc.transitions.startReview';
      return from === 'WAITING_FOR_APPROVAL'
        ? 'kyc.transitions.sendBackToReview'
        : 'kyc.transitions.reopen';
    case 'CHANGES_REQUESTED':
      return 'kyc.transitions.requestChanges';
    case 'WAITING_FOR_APPROVAL':
      return 'kyc.transitions.sendForApproval';
    case 'APPROVED':
      return 'kyc.transitions.approve';
    case 'REJECTED':
      return 'kyc.transitions.reject';
    case 'CANCELLED':
      return 'kyc.transitions.cancel';
  }
}

const refuses = (move: KycTransition) => move.to === 'REJECTED' || move.to === 'CANCELLED';
const variantOf = (move: KycTransition) =>
  move.to === 'APPROVED' ? 'success' : refuses(move) ? 'outline-danger' : 'outline-primary';

function MoveDialog({
  submission,
  move,
  onClose,
}: {
  submission: KycSubmission;
  move: KycTransition;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [comment, setComment] = useState('');
  const [compliant, setCompliant] = useState(false);
  const label = t(moveLabelKey(move));
  const missing =
    (move.commentRequired && comment.trim() === '') || (move.compliance === 'true' && !compliant);

  return (
    <ConfirmDialog
      show
      title={label}
      message={t('kyc.decision.moveMessage', {
        id: submission.id,
        from: statusLabel(move.from),
        to: statusLabel(move.to),
      })}
      confirmLabel={label}
      confirmVariant={refuses(move) ? 'danger' : 'primary'}
      confirmDisabled={missing}
      onClose={onClose}
      onConfirm={() =>
        dispatch(
          changeSubmissionStatus({
            kycId: submission.id,
            to: move.to,
            comment: comment.trim() || undefined,
            isCompliant: move.compliance ? compliant : null,
            version: submission.version,
          }),
        )
      }
    >
      <CommentField value={comment} onChange={setComment} required={move.commentRequired} />
      {move.compliance && (
        <CompliantField
          checked={compliant}
          onChange={setCompliant}
          mustBeTrue={move.compliance === 'true'}
        />
      )}
    </ConfirmDialog>
  );
}

interface KycSubmissionActionsProps {
  submission: KycSubmission;
  actors: readonly KycActor[];
  userId: number | null;
}

/** The moves of decision 012 this person may make now, each asking in a dialog. */
export function KycSubmissionActions({ submission, actors, userId }: KycSubmissionActionsProps) {
  const { t } = useTranslation();
  const noteId = useId();
  const [open, setOpen] = useState<KycTransition | null>(null);
  const busy =
    useAppSelector((state) => selectKycChange(state, statusChangeKey(submission.id)))?.status ===
    'loading';
  // Submitting is offered in the file's summary, with what is still missing (KycSubmitSummary).
  const moves = offeredTransitions(submission, actors, userId).filter(
    (move) => move.to !== 'SUBMITTED',
  );
  const waitingForSteps = moves.filter((move) => !stepsReady(move, submission.steps));
  const fourEyes =
    submission.status === 'WAITING_FOR_APPROVAL' &&
    actors.includes('manager') &&
    userId !== null &&
    submission.approvalRequestedBy?.id === userId;

  if (moves.length === 0 && !fourEyes) return null;
  return (
    <div className="mt-3">
      <div
        role="group"
        aria-label={t('kyc.detail.actions')}
        className="d-flex flex-wrap gap-2"
        aria-describedby={waitingForSteps.length > 0 || fourEyes ? noteId : undefined}
      >
        {moves.map((move) => (
          <Button
            key={move.to}
            size="sm"
            variant={variantOf(move)}
            disabled={busy || !stepsReady(move, submission.steps)}
            onClick={() => setOpen(move)}
          >
            {t(moveLabelKey(move))}
          </Button>
        ))}
      </div>
      {(waitingForSteps.length > 0 || fourEyes) && (
        <p id={noteId} className="small text-body-secondary mt-2 mb-0">
          {waitingForSteps.some((move) => move.steps === 'approved')
            ? t('kyc.decision.stepsNotApproved')
            : waitingForSteps.length > 0
              ? t('kyc.decision.stepsNotReviewed')
              : null}{' '}
          {fourEyes ? t('kyc.decision.fourEyes') : null}
        </p>
      )}
      {open && (
        <MoveDialog
          key={`${open.from}-${open.to}`}
          submission={submission}
          move={open}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
