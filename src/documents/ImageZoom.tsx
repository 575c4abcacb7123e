import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/Icon';

const STEPS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4] as const;
const FIT = STEPS.indexOf(1);

interface ImageZoomProps {
  src: string;
  alt: string;
  onError?: () => void;
}

/**
 * An image at the width of its frame (100 %), zoomed in and out by buttons; the frame
 * scrolls, so an enlarged image is moved around by scrolling.
 */
export function ImageZoom({ src, alt, onError }: ImageZoomProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<number>(FIT);
  const zoom = STEPS[step] ?? 1;
  const percent = Math.round(zoom * 100);

  return (
    <div className="d-flex flex-column gap-2 h-100">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <ButtonGroup size="sm">
          <Button
            variant="outline-secondary"
            onClick={() => setStep((value) => Math.max(0, value - 1))}
            disabled={step === 0}
            aria-label={t('documents.viewer.zoomOut')}
            title={t('documents.viewer.zoomOut')}
          >
            <Icon name="zoomOut" />
          </Button>
          <Button variant="outline-secondary" onClick={() => setStep(FIT)} disabled={step === FIT}>
            {t('documents.viewer.resetZoom')}
          </Button>
          <Button
            variant="outline-secondary"
            onClick={() => setStep((value) => Math.min(STEPS.length - 1, value + 1))}
            disabled={step === STEPS.length - 1}
            aria-label={t('documents.viewer.zoomIn')}
            title={t('documents.viewer.zoomIn')}
          >
            <Icon name="zoomIn" />
          </Button>
        </ButtonGroup>
        <span className="small text-body-secondary" aria-live="polite">
          {t('documents.viewer.zoomLevel', { percent })}
        </span>
        {zoom > 1 && (
          <span className="small text-body-secondary d-none d-sm-inline">
            {t('documents.viewer.panHint')}
          </span>
        )}
      </div>
      {/* Focusable, so the keyboard can scroll an enlarged image too. */}
      <div className="documents-viewer-stage" tabIndex={0} aria-label={alt} role="group">
        <img
          src={src}
          alt={alt}
          className="documents-viewer-image"
          style={{ width: `${percent}%` }}
          onError={onError}
        />
      </div>
    </div>
  );
}
