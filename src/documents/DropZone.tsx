import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/Icon';

interface DropZoneProps {
  /** The file input's id; its label reads 'Browse'. */
  inputId: string;
  accept: string;
  hint: string;
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  compact?: boolean;
}

/** Where files are dropped (HTML5 drag and drop) or chosen with the Browse button. */
export function DropZone({ inputId, accept, hint, onFiles, disabled, compact }: DropZoneProps) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState(false);
  // dragenter and dragleave fire for every child crossed: count them.
  const depth = useRef(0);

  const over = (event: DragEvent) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };

  return (
    <div
      className="documents-drop-zone"
      data-dragging={dragging || undefined}
      data-compact={compact || undefined}
      data-disabled={disabled || undefined}
      onDragEnter={(event) => {
        if (disabled) return;
        over(event);
        depth.current += 1;
        setDragging(true);
      }}
      onDragOver={over}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        depth.current = 0;
        setDragging(false);
        if (!disabled && event.dataTransfer.files.length > 0) {
          onFiles([...event.dataTransfer.files]);
        }
      }}
    >
      {!compact && <Icon name="upload" size={32} className="text-primary mb-2" />}
      <p className="mb-2">{t('documents.upload.dropHere')}</p>
      <input
        id={inputId}
        type="file"
        multiple
        accept={accept}
        disabled={disabled}
        className="visually-hidden documents-file-input"
        aria-describedby={`${inputId}-hint`}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // The same file can be chosen again after a failure.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <label htmlFor={inputId} className={`btn btn-outline-primary${disabled ? ' disabled' : ''}`}>
        {t('documents.upload.browse')}
      </label>
      <p id={`${inputId}-hint`} className="small text-body-secondary mt-2 mb-0">
        {hint}
      </p>
    </div>
  );
}
