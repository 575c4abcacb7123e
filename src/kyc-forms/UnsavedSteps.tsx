import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { DATA_STEP_TYPES, type DataStepType } from '@common/kyc-steps';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';

/** A step's number as both pages show the steps: 1 for coc to 5 for cdd. */
const stepNumber = (stepType: DataStepType) => DATA_STEP_TYPES.indexOf(stepType) + 1;

interface DiscardDialogProps {
  /** The step whose changes would go; null closes the dialog. */
  stepType: DataStepType | null;
  title: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** Asks before a step's changes that are not saved are dropped; its saved data stays. */
export function DiscardDialog({ stepType, title, onConfirm, onClose }: DiscardDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      show={stepType !== null}
      title={t('kycForms.unsaved.confirmTitle')}
      message={
        stepType ? t('kycForms.unsaved.confirm', { number: stepNumber(stepType), step: title }) : ''
      }
      confirmLabel={t('kycForms.unsaved.discard')}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

interface UnsavedStepsProps {
  /** The steps with changes that are not saved (unsavedSteps, decision 038). */
  steps: readonly DataStepType[];
  titleOf: (stepType: DataStepType) => string;
  /** Where given, each step offers to discard its changes, once confirmed. */
  onDiscard?: (stepType: DataStepType) => Promise<unknown>;
}

/**
 * Names each step whose form holds changes that are not saved, linking to it (the step
 * headings are `kyc-step-<type>` on both pages): the file is not handed in until each is saved
 * or discarded (decision 038).
 */
export function UnsavedSteps({ steps, titleOf, onDiscard }: UnsavedStepsProps) {
  const { t } = useTranslation();
  const [discarding, setDiscarding] = useState<DataStepType | null>(null);
  if (steps.length === 0) return null;
  return (
    <Alert variant="warning" className="py-2">
      <p className="fw-semibold mb-1">{t('kycForms.unsaved.title')}</p>
      <ul className="mb-0 list-unstyled">
        {steps.map((stepType) => (
          <li
            key={stepType}
            className="d-flex flex-wrap align-items-center gap-2 py-1"
            data-unsaved-step={stepType}
          >
            <a href={`#kyc-step-${stepType}`} className="alert-link">
              {t('kycForms.unsaved.step', {
                number: stepNumber(stepType),
                step: titleOf(stepType),
              })}
            </a>
            {onDiscard && (
              <Button size="sm" variant="outline-danger" onClick={() => setDiscarding(stepType)}>
                {t('kycForms.unsaved.discard')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {onDiscard && (
        <DiscardDialog
          stepType={discarding}
          title={discarding ? titleOf(discarding) : ''}
          onConfirm={() => onDiscard(discarding!)}
          onClose={() => setDiscarding(null)}
        />
      )}
    </Alert>
  );
}
