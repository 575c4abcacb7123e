import { useId, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { BUSINESS_DATE_RANGE } from '@common/api';
import { CANCEL_REASON_MAX } from '@common/orders';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { DateInput } from '@/components/ui/DateInput';
import { toApiDate } from '@/lib/format';
import type { TranslationKey } from '@/lib/i18n';

/** The fewest characters of a cancellation's reason (common/orders.ts, common/shipments.ts). */
const REASON_MIN = 3;

/** What a move asks: the date it happened (leaving, arriving) or why (cancelling). */
type MoveQuestion = { ask: 'date'; label: string } | { ask: 'reason' };

interface MoveDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  /** What the button that closes without moving says. */
  keepLabel?: string;
  question: MoveQuestion;
  /** What the person should know before answering (what a move leaves behind), above the question. */
  children?: ReactNode;
  /** Moves with the answer (yyyy-MM-dd, or the reason); a refusal is shown on the page. */
  onConfirm: (answer: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Asks what a move of a record needs: the date it happened (a shipment or a leg leaving or
 * arriving: today unless changed, never later), or the reason it is cancelled (at least 3
 * characters, kept with the record).
 */
export function MoveDialog({
  title,
  message,
  confirmLabel,
  keepLabel,
  question,
  children,
  onConfirm,
  onClose,
}: MoveDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [answer, setAnswer] = useState(() =>
    question.ask === 'date' ? toApiDate(new Date()) : '',
  );
  const ready = question.ask === 'date' ? answer !== '' : answer.trim().length >= REASON_MIN;
  return (
    <ConfirmDialog
      show
      title={title}
      message={message}
      confirmLabel={confirmLabel}
      cancelLabel={keepLabel}
      confirmVariant={question.ask === 'reason' ? 'danger' : 'primary'}
      confirmDisabled={!ready}
      onConfirm={() => onConfirm(answer.trim())}
      onClose={onClose}
    >
      {children}
      {question.ask === 'date' ? (
        <Form.Group controlId={id}>
          <Form.Label>{question.label}</Form.Label>
          <DateInput
            id={id}
            isInvalid={false}
            aria-invalid={undefined}
            aria-describedby={undefined}
            aria-required
            past
            range={BUSINESS_DATE_RANGE}
            value={answer}
            onChange={setAnswer}
          />
        </Form.Group>
      ) : (
        <Form.Group controlId={id}>
          <Form.Label>{t('ui.reason.label')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            value={answer}
            maxLength={CANCEL_REASON_MAX}
            aria-required
            aria-describedby={`${id}-hint`}
            onChange={(event) => setAnswer(event.target.value)}
          />
          <Form.Text id={`${id}-hint`}>{t('ui.reason.hint')}</Form.Text>
        </Form.Group>
      )}
    </ConfirmDialog>
  );
}

/** A move's button: its label and look; a move with `dateLabel` asks its date, others a reason. */
export interface MoveButton {
  key: TranslationKey;
  variant: string;
  dateLabel?: TranslationKey;
}

interface MoveButtonsProps<S extends string> {
  /** The moves offered, in order. */
  moves: readonly S[];
  buttons: Record<S, MoveButton>;
  /** What the dialog of a move says. */
  dialog: (status: S) => { title: string; message: string; keepLabel?: string };
  /** Makes the move with its date or reason; a refusal is shown by the page. */
  onMove: (status: S, answer: { date: string } | { reason: string }) => Promise<unknown>;
  /** Some move is on its way; `busyHere`: this record's. */
  busy: boolean;
  busyHere: boolean;
  /** What the buttons are about, for who cannot see it (a leg's heading). */
  describedBy?: string;
}

/** A button for each move, each asking its date or reason in a dialog before it is made. */
export function MoveButtons<S extends string>({
  moves,
  buttons,
  dialog,
  onMove,
  busy,
  busyHere,
  describedBy,
}: MoveButtonsProps<S>) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<S | null>(null);
  const dateLabel = asking && buttons[asking].dateLabel;
  return (
    <>
      {moves.map((status) => (
        <Button
          key={status}
          size="sm"
          variant={buttons[status].variant}
          disabled={busy}
          aria-busy={busyHere || undefined}
          aria-describedby={describedBy}
          onClick={() => setAsking(status)}
        >
          {t(buttons[status].key)}
        </Button>
      ))}
      {asking && (
        <MoveDialog
          {...dialog(asking)}
          confirmLabel={t(buttons[asking].key)}
          question={dateLabel ? { ask: 'date', label: t(dateLabel) } : { ask: 'reason' }}
          onConfirm={(answer) => onMove(asking, dateLabel ? { date: answer } : { reason: answer })}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}
