import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { useTranslation } from 'react-i18next';
import { EXPORT_DEFAULTS, exportFileName } from '@common/kyc-export';
import type { KycSubmission } from '@common/kyc-responses';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { LoadFailed } from '@/components/ui/RequestFeedback';
import { Icon } from '@/components/ui/Icon';
import {
  exportKycFile,
  kycExportCleared,
  selectKycExport,
  type ExportKycFileArg,
  type KycExportRun,
} from '@/kyc-export/kycExportSlice';

type Options = ExportKycFileArg['options'];
const OPTIONS = ['includeAuditLogs', 'includeDocumentThumbnails', 'includeFullDocuments'] as const;

/** The server's limit on a chosen file name (decision 014). */
const FILE_NAME_MAX = 200;

export type FileNameProblem = 'extension' | 'characters' | 'length';

/** What is wrong with a chosen file name, as the server would see it (after trimming). */
export function fileNameProblem(name: string): FileNameProblem | null {
  const trimmed = name.trim();
  if (!/.\.pdf$/i.test(trimmed)) return 'extension';
  if ([...trimmed].some((char) => char === '/' || char === '\\' || char.charCodeAt(0) < 32)) {
    return 'characters';
  }
  return trimmed.length > FILE_NAME_MAX ? 'length' : null;
}

interface ExportFormProps {
  formId: string;
  kycId: number;
  /** The order the file is exported for: its name and what the dialog says. */
  order?: ExportOrder;
  onExport: (options: Options, filename: string) => void;
}

/** The options and the file name; Export hands them on once the name will do. */
function ExportForm({ formId, kycId, order, onExport }: ExportFormProps) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<Options>({ ...EXPORT_DEFAULTS });
  const [filename, setFilename] = useState(() =>
    exportFileName(order ? { orderUuid: order.uuid } : { id: kycId }),
  );
  // The name is judged once Export was pressed, then as it is typed.
  const [checked, setChecked] = useState(false);
  const problem = checked ? fileNameProblem(filename) : null;
  const fileNameId = `${formId}-filename`;
  const hintId = `${formId}-hint`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (fileNameProblem(filename)) document.getElementById(fileNameId)?.focus();
    else onExport(options, filename.trim());
  };

  return (
    <Form id={formId} noValidate onSubmit={submit}>
      <p>{order?.intro ?? t('kyc.export.intro', { id: kycId })}</p>
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-2">{t('kyc.export.contents')}</legend>
        {OPTIONS.map((option) => (
          <Form.Check
            key={option}
            id={`${formId}-${option}`}
            label={t(`kyc.export.${option}`)}
            checked={options[option]}
            aria-describedby={option === 'includeFullDocuments' ? hintId : undefined}
            onChange={(event) => setOptions({ ...options, [option]: event.target.checked })}
          />
        ))}
        <Form.Text id={hintId} className="d-block">
          {t('kyc.export.fullDocumentsHint')}
        </Form.Text>
      </fieldset>
      <Form.Group controlId={fileNameId}>
        <Form.Label>{t('kyc.export.fileName')}</Form.Label>
        <Form.Control
          value={filename}
          autoComplete="off"
          spellCheck={false}
          isInvalid={problem !== null}
          aria-invalid={problem !== null || undefined}
          aria-describedby={problem ? `${fileNameId}-error` : undefined}
          onChange={(event) => setFilename(event.target.value)}
        />
        {problem && (
          <Form.Control.Feedback type="invalid" id={`${fileNameId}-error`}>
            {t(`kyc.export.validation.${problem}`, { count: FILE_NAME_MAX })}
          </Form.Control.Feedback>
        )}
      </Form.Group>
    </Form>
  );
}

/** A run under way, done or failed. */
function ExportRun({ run, onRetry }: { run: KycExportRun; onRetry: () => void }) {
  const { t } = useTranslation();
  if (run.status === 'failed') {
    return (
      <LoadFailed message={run.error?.message ?? t('kyc.export.errors.failed')} onRetry={onRetry} />
    );
  }
  if (run.status === 'succeeded') {
    return (
      <Alert variant="success" className="mb-0">
        {t('kyc.export.done')}
      </Alert>
    );
  }
  return (
    <>
      <ProgressBar className="mb-2">
        <ProgressBar
          now={run.progress}
          label={`${run.progress}%`}
          animated
          aria-label={t('kyc.export.progress')}
        />
      </ProgressBar>
      <p className="mb-2" role="status">
        {run.stage ? t(`kyc.export.stages.${run.stage}`) : t('kyc.export.starting')}
      </p>
      <p className="small text-body-secondary mb-0">{t('kyc.export.keepOpen')}</p>
    </>
  );
}

/** The file to export. */
type ExportTarget = Pick<KycSubmission, 'id' | 'uuid'>;

/**
 * An order the file is exported for (issue 20): the PDF has it on its cover and is named
 * order-{uuid}.pdf (SPEC section 9); `intro` says so in the dialog.
 */
export interface ExportOrder {
  uuid: string;
  intro: string;
}

interface KycExportDialogProps {
  submission: ExportTarget;
  order?: ExportOrder;
  onClose: () => void;
}

/**
 * 'Export PDF' (SPEC section 2): the options, then the job's progress until the PDF downloads by
 * itself. Render it only while open: closing it (unmounting) stops following the export, whose
 * job runs on at the server.
 */
export function KycExportDialog({ submission, order, onClose }: KycExportDialogProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const titleId = useId();
  const formId = useId();
  const { id: kycId, uuid } = submission;
  const run = useAppSelector((state) => selectKycExport(state, kycId));
  const following = useRef<{ abort: () => void } | null>(null);
  // What Try again asks for again.
  const asked = useRef<ExportKycFileArg | null>(null);

  const start = (arg: ExportKycFileArg) => {
    asked.current = arg;
    following.current = dispatch(exportKycFile(arg));
  };

  const stop = useCallback(() => {
    following.current?.abort();
    following.current = null;
    dispatch(kycExportCleared(kycId));
  }, [dispatch, kycId]);

  useEffect(() => stop, [stop]);

  return (
    <Modal
      show
      onHide={onClose}
      // A stray click beside a running export should not end it.
      backdrop={run?.status === 'loading' ? 'static' : true}
      centered
      aria-labelledby={titleId}
    >
      <Modal.Header closeButton closeLabel={t('ui.close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('kyc.export.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {run ? (
          <ExportRun run={run} onRetry={() => asked.current && start(asked.current)} />
        ) : (
          <ExportForm
            formId={formId}
            kycId={kycId}
            order={order}
            onExport={(options, filename) =>
              start({
                kycId,
                uuid,
                options: order ? { ...options, orderUuid: order.uuid } : options,
                filename,
              })
            }
          />
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {run ? t('ui.close') : t('ui.cancel')}
        </Button>
        {!run && (
          <Button type="submit" form={formId}>
            {t('kyc.export.submit')}
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
}

/** The header's 'Export PDF' button (staff only: the caller decides) and its dialog. */
export function KycExportButton({ submission }: { submission: ExportTarget }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline-primary" onClick={() => setOpen(true)}>
        <Icon name="download" size={14} className="me-1" />
        {t('kyc.export.title')}
      </Button>
      {open && <KycExportDialog submission={submission} onClose={() => setOpen(false)} />}
    </>
  );
}
