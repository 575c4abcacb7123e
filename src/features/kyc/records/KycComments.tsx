import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import {
  defaultVisibility,
  KYC_STEP_TYPES,
  type CommentVisibility,
  type KycStepType,
} from '@common/kyc';
import type { KycComment } from '@common/kyc-responses';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { ListFeedback } from '@/components/ui/RequestFeedback';
import { VisibilityField } from '@/features/kyc/review/DecisionFields';
import { KycStatusBadge } from '@/features/kyc/submissions/KycBadges';
import { InternalBadge } from '@/kyc-forms/InternalBadge';
import { STEP_TITLE_KEYS } from '@/features/kyc/kycLabels';
import { isStepType } from '@/features/kyc/kycModel';
import type { KycRecordProps } from '@/features/kyc/records/recordProps';
import { selectKycChange, selectKycComments } from '@/features/kyc/kycSlice';
import { addComment, commentKey, fetchKycComments } from '@/features/kyc/kycThunks';
import { useKycRecords } from '@/features/kyc/records/useKycRecords';
import { formatDateTime } from '@/lib/format';

function CommentItem({ comment }: { comment: KycComment }) {
  const { t } = useTranslation();
  const { status } = comment.context;
  return (
    <li className="kyc-record">
      <div className="d-flex flex-wrap align-items-center gap-2 small">
        <span className="fw-semibold">{comment.user?.name ?? t('kyc.records.unknownUser')}</span>
        <time className="text-body-secondary" dateTime={comment.createdAt}>
          {formatDateTime(comment.createdAt)}
        </time>
        {comment.stepType && (
          <span className="badge bg-body-secondary text-body border">
            {t(STEP_TITLE_KEYS[comment.stepType])}
          </span>
        )}
        {comment.context.kind !== 'comment' && status && <KycStatusBadge status={status} />}
        {comment.visibility === 'internal' && <InternalBadge />}
      </div>
      <p className="mb-0 mt-1 text-break kyc-pre-line">{comment.comment}</p>
    </li>
  );
}

/** A new comment; staff choose who may read it, internal by default (issue 14). */
function CommentForm({ kycId, staff }: { kycId: number; staff: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const id = useId();
  const [text, setText] = useState('');
  const [stepType, setStepType] = useState<KycStepType | ''>('');
  const [visibility, setVisibility] = useState<CommentVisibility>(() =>
    defaultVisibility({ kind: 'comment' }),
  );
  const busy =
    useAppSelector((state) => selectKycChange(state, commentKey(kycId)))?.status === 'loading';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const comment = text.trim();
    if (!comment) return;
    const result = await dispatch(
      addComment({
        kycId,
        comment,
        stepType: stepType || undefined,
        ...(staff ? { visibility } : {}),
      }),
    );
    if (addComment.fulfilled.match(result)) setText('');
  };

  return (
    <Form onSubmit={(event) => void submit(event)} className="mt-3 border-top pt-3">
      <Form.Group controlId={`${id}-text`} className="mb-2">
        <Form.Label>{t('kyc.comments.newComment')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          maxLength={4000}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </Form.Group>
      {staff ? (
        <VisibilityField value={visibility} onChange={setVisibility} />
      ) : (
        <p className="small text-body-secondary mb-2">{t('kyc.visibility.partnerNote')}</p>
      )}
      <div className="d-flex flex-wrap align-items-end gap-2">
        <Form.Group controlId={`${id}-step`} className="flex-grow-1">
          <Form.Label className="small mb-1">{t('kyc.comments.about')}</Form.Label>
          <Form.Select
            size="sm"
            value={stepType}
            onChange={(event) =>
              setStepType(isStepType(event.target.value) ? event.target.value : '')
            }
          >
            <option value="">{t('kyc.comments.wholeFile')}</option>
            {KYC_STEP_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(STEP_TITLE_KEYS[type])}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button type="submit" size="sm" disabled={busy || text.trim() === ''}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {t('kyc.comments.add')}
        </Button>
      </div>
    </Form>
  );
}

/** The file's comments, oldest first; those who may change the file add their own. */
export function KycComments({ submission, actors, staff }: KycRecordProps) {
  const { t } = useTranslation();
  const { entry, retry } = useKycRecords(fetchKycComments, selectKycComments, submission.id);
  const comments = entry?.data ?? [];
  return (
    <>
      <ListFeedback
        status={entry?.status}
        count={comments.length}
        failed={t('kyc.comments.loadFailed')}
        loading={t('kyc.comments.loading')}
        empty={t('kyc.comments.empty')}
        onRetry={retry}
      />
      {comments.length > 0 && (
        <ol className="list-unstyled mb-0 kyc-records-list" aria-label={t('kyc.tabs.comments')}>
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
        </ol>
      )}
      {actors.length > 0 && <CommentForm kycId={submission.id} staff={staff} />}
    </>
  );
}
