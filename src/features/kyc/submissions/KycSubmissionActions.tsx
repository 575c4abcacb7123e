import { useCallback, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import {
  defaultVisibility,
  fixedVisibility,
  stepsReady,
  takesOverFrom,
  type CommentVisibility,
  type KycActor,
  type KycTransition,
} from '@common/kyc';
import type { KycSubmission } from '@common/kyc-responses';
import { partnerCanChangeSomething } from '@common/kyc-steps';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { isReviewer, offeredTransitions } from '@/features/kyc/kycActors';
import { actorName } from '@/features/kyc/links/linkLabels';
import { statusLabel } from '@/features/kyc/kycLabels';
import { selectKycChange } from '@/features/kyc/kycSlice';
import { changeSubmissionStatus, statusChangeKey } from '@/features/kyc/kycThunks';
import {
  CommentField,
  CompliantField,
  VisibilityField,
} from '@/features/kyc/review/DecisionFields';
import { KycRiskReview, type RiskAcknowledgement } from '@/features/kyc/review/KycRiskReview';
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

/** A move that decides or proposes a decision: the risk is shown before it (issue 14). */
const weighsRisk = (move: KycTransition) =>
  move.to === 'APPROVED' || move.to === 'WAITING_FOR_APPROVAL';

function MoveDialog({
  submission,
  move,
  reviewer,
  userId,
  onClose,
}: {
  submission: KycSubmission;
  move: KycTransition;
  /** Staff: they choose who reads the comment, and see the risk. */
  reviewer: boolean;
  userId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [comment, setComment] = useState('');
  const [compliant, setCompliant] = useState(false);
  const context = { kind: 'status', to: move.to } as const;
  const [visibility, setVisibility] = useState<CommentVisibility>(() => defaultVisibility(context));
  const [risk, setRisk] = useState<{ ready: boolean; acknowledgement: RiskAcknowledgement }>({
    ready: false,
    acknowledgement: null,
  });
  const onRisk = useCallback(
    (ready: boolean, acknowledgement: RiskAcknowledgement) => setRisk({ ready, acknowledgement }),
    [],
  );
  const label = t(moveLabelKey(move));
  // Starting the review of someone else's file takes it from them: said, and asked (decision 037).
  const takenFrom = takesOverFrom(move, submission.reviewer, userId);
  const missing =
    (move.commentRequired && comment.trim() === '') ||
    (move.compliance === 'true' && !compliant) ||
    (reviewer && weighsRisk(move) && !risk.ready);

  return (
    <ConfirmDialog
      show
      title={takenFrom ? t('kyc.decision.takeOver.title', { name: actorName(takenFrom) }) : label}
      message={
        takenFrom
          ? t('kyc.decision.takeOver.message', { name: actorName(takenFrom), id: submission.id })
          : t('kyc.decision.moveMessage', {
              id: submission.id,
              from: statusLabel(move.from),
              to: statusLabel(move.to),
            })
      }
      confirmLabel={takenFrom ? t('kyc.decision.takeOver.confirm') : label}
      confirmVariant={refuses(move) ? 'danger' : 'primary'}
      confirmDisabled={missing}
      onClose={onClose}
      onConfirm={() =>
        dispatch(
          changeSubmissionStatus({
            kycId: submission.id,
            to: move.to,
            comment: comment.trim() || undefined,
            ...(reviewer && comment.trim() ? { visibility } : {}),
            isCompliant: move.compliance ? compliant : null,
            riskAcknowledgement: risk.acknowledgement,
            ...(takenFrom ? { takeOver: true } : {}),
            version: submission.version,
          }),
        )
      }
    >
      {reviewer && weighsRisk(move) && (
        <KycRiskReview
          kycId={submission.id}
          acknowledging={move.to === 'APPROVED'}
          onChange={onRisk}
        />
      )}
      <CommentField value={comment} onChange={setComment} required={move.commentRequired} />
      {reviewer && (
        <VisibilityField
          value={visibility}
          onChange={setVisibility}
          fixed={fixedVisibility(context) !== undefined}
        />
      )}
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
  // Sending the file back needs a step the partner may change (issue 14).
  const nothingToSendBack =
    moves.some((move) => move.sendsBack) && !partnerCanChangeSomething(submission.steps);
  const available = (move: KycTransition) =>
    stepsReady(move, submission.steps) && !(move.sendsBack && nothingToSendBack);
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
        aria-describedby={
          waitingForSteps.length > 0 || fourEyes || nothingToSendBack ? noteId : undefined
        }
      >
        {moves.map((move) => (
          <Button
            key={move.to}
            size="sm"
            variant={variantOf(move)}
            disabled={busy || !available(move)}
            onClick={() => setOpen(move)}
          >
            {t(moveLabelKey(move))}
          </Button>
        ))}
      </div>
      {(waitingForSteps.length > 0 || fourEyes || nothingToSendBack) && (
        <p id={noteId} className="small text-body-secondary mt-2 mb-0">
          {waitingForSteps.some((move) => move.steps === 'approved')
            ? t('kyc.decision.stepsNotApproved')
            : waitingForSteps.length > 0
              ? t('kyc.decision.stepsNotReviewed')
              : null}{' '}
          {fourEyes ? t('kyc.decision.fourEyes') : null}{' '}
          {nothingToSendBack ? t('kyc.decision.nothingToSendBack') : null}
        </p>
      )}
      {open && (
        <MoveDialog
          key={`${open.from}-${open.to}`}
          submission={submission}
          move={open}
          reviewer={isReviewer(actors)}
          userId={userId}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
