import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@common/languages';
import {
  LINK_DEFAULT_ACCESS_LEVEL,
  LINK_DEFAULT_DAYS,
  LINK_MAX_DAYS,
  type CreatedLink,
  type LinkCreate,
} from '@common/selfservice';
import { LINK_ACCESS_LEVELS, type LinkAccessLevel } from '@common/selfservice-claim';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { isEmail } from '@/companies/formValues';
import { FieldFrame } from '@/components/ui/FormField';
import { shareKycLink } from '@/features/kyc/links/kycLinksSlice';
import { selectLanguage } from '@/preferences/languageSlice';
import { fieldIssues, isApiError, type ApiError } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { LANGUAGE_NAMES } from '@/lib/i18n';

const DAY_MS = 86_400_000;

interface Values {
  recipientEmail: string;
  recipientName: string;
  language: Language;
  /** As typed. */
  days: string;
  /** Ticked; it counts only with a recipient's e-mail (decision 041). */
  allowAccount: boolean;
  accessLevel: LinkAccessLevel;
}

type Field = keyof LinkCreate;

/** The whole number of days typed, when it is one the server takes. */
function validDays(days: string): number | null {
  const value = Number(days.trim());
  return days.trim() !== '' && Number.isInteger(value) && value >= 1 && value <= LINK_MAX_DAYS
    ? value
    : null;
}

/** What the app finds wrong before asking, by the field it concerns. */
function clientProblems(values: Values, t: (key: 'email' | 'days') => string) {
  const problems: Partial<Record<Field, string>> = {};
  const email = values.recipientEmail.trim();
  if (email && !isEmail(email)) problems.recipientEmail = t('email');
  if (validDays(values.days) === null) problems.expiresInDays = t('days');
  return problems;
}

const FIELDS: readonly string[] = [
  'recipientEmail',
  'recipientName',
  'language',
  'expiresInDays',
  'allowAccount',
  'accessLevel',
] satisfies readonly Field[];

const isField = (field: string): field is Field => FIELDS.includes(field);

/** The server's refusal: its per-field problems, and what goes above the form. */
function serverProblems(error: ApiError) {
  const byField: Partial<Record<Field, string>> = {};
  const others: string[] = [];
  for (const issue of fieldIssues(error)) {
    if (isField(issue.field)) byField[issue.field] ??= issue.message;
    else others.push(issue.message);
  }
  return { byField, others };
}

interface LinkFormProps {
  formId: string;
  kycId: number;
  onCreated: (link: CreatedLink) => void;
  onBusy: (busy: boolean) => void;
}

/** Who the link is for, the page's language, how long it lasts, and whether it may make an account. */
function LinkForm({ formId, kycId, onCreated, onBusy }: LinkFormProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const uiLanguage = useAppSelector(selectLanguage);
  const [values, setValues] = useState<Values>({
    recipientEmail: '',
    recipientName: '',
    language: uiLanguage,
    days: String(LINK_DEFAULT_DAYS),
    allowAccount: true,
    accessLevel: LINK_DEFAULT_ACCESS_LEVEL,
  });
  // The end date shown counts from when the dialog opened.
  const [openedAt] = useState(() => Date.now());
  const [checked, setChecked] = useState(false);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  // A server message stands until its field is changed.
  const [edited, setEdited] = useState<ReadonlySet<Field>>(new Set());
  const limits = { min: 1, max: LINK_MAX_DAYS };
  const client = checked
    ? clientProblems(values, (key) => t(`kycLinks.validation.${key}`, limits))
    : {};
  const server = refusal ? serverProblems(refusal) : { byField: {}, others: [] };
  const problemOf = (field: Field) =>
    client[field] ?? (edited.has(field) ? undefined : server.byField[field]) ?? null;
  const days = validDays(values.days);
  // Only the recipient may make an account from a link: without their address, nobody can.
  const hasRecipient = values.recipientEmail.trim() !== '';
  const allowAccount = hasRecipient && values.allowAccount;
  const idOf = (field: Field) => `${formId}-${field}`;

  const set = <K extends keyof Values>(key: K, value: Values[K], field: Field) => {
    setValues((current) => ({ ...current, [key]: value }));
    setEdited((current) => new Set(current).add(field));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    const found = clientProblems(values, (key) => t(`kycLinks.validation.${key}`, limits));
    const first = FIELDS.find((field) => isField(field) && found[field]);
    if (first) {
      document.getElementById(`${formId}-${first}`)?.focus();
      return;
    }
    const link: LinkCreate = {
      recipientEmail: values.recipientEmail.trim() || undefined,
      recipientName: values.recipientName.trim() || undefined,
      language: values.language,
      expiresInDays: days ?? LINK_DEFAULT_DAYS,
      allowAccount,
      ...(allowAccount ? { accessLevel: values.accessLevel } : {}),
    };
    setRefusal(null);
    onBusy(true);
    try {
      onCreated(await dispatch(shareKycLink({ kycId, link })).unwrap());
    } catch (error) {
      setRefusal(isApiError(error) ? error : { status: 0, message: String(error) });
      setEdited(new Set());
    } finally {
      onBusy(false);
    }
  };

  return (
    <Form id={formId} noValidate onSubmit={(event) => void submit(event)}>
      <p>{t('kycLinks.dialog.intro')}</p>
      {refusal?.status === 409 && (
        <Alert variant="danger" role="alert">
          {t('kycLinks.dialog.notWithPartner')}
        </Alert>
      )}
      {refusal &&
        refusal.status !== 409 &&
        (refusal.status !== 400 || server.others.length > 0) && (
          <Alert variant="danger" role="alert">
            {t('kycLinks.dialog.createFailed', {
              reason: server.others.length > 0 ? server.others.join(' ') : refusal.message,
            })}
          </Alert>
        )}
      <div className="row g-3 mb-3">
        <FieldFrame
          id={idOf('recipientEmail')}
          label={t('kycLinks.dialog.recipientEmail')}
          message={problemOf('recipientEmail')}
          hint={t('kycLinks.dialog.recipientEmailHint')}
          className="col-md-6"
        >
          {(control) => (
            <Form.Control
              {...control}
              type="email"
              autoComplete="off"
              maxLength={254}
              value={values.recipientEmail}
              onChange={(event) => set('recipientEmail', event.target.value, 'recipientEmail')}
            />
          )}
        </FieldFrame>
        <FieldFrame
          id={idOf('recipientName')}
          label={t('kycLinks.dialog.recipientName')}
          message={problemOf('recipientName')}
          className="col-md-6"
        >
          {(control) => (
            <Form.Control
              {...control}
              autoComplete="off"
              maxLength={200}
              value={values.recipientName}
              onChange={(event) => set('recipientName', event.target.value, 'recipientName')}
            />
          )}
        </FieldFrame>
        <FieldFrame
          id={idOf('language')}
          label={t('kycLinks.dialog.language')}
          message={problemOf('language')}
          className="col-md-6"
        >
          {(control) => (
            <Form.Select
              {...control}
              value={values.language}
              onChange={(event) => set('language', event.target.value as Language, 'language')}
            >
              {LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {LANGUAGE_NAMES[language]}
                </option>
              ))}
            </Form.Select>
          )}
        </FieldFrame>
        <FieldFrame
          id={idOf('expiresInDays')}
          label={t('kycLinks.dialog.expiresInDays')}
          message={problemOf('expiresInDays')}
          hint={
            days === null
              ? undefined
              : t('kycLinks.dialog.endsOn', { date: formatDate(openedAt + days * DAY_MS) })
          }
          className="col-md-6"
        >
          {(control) => (
            <Form.Control
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={LINK_MAX_DAYS}
              step={1}
              value={values.days}
              onChange={(event) => set('days', event.target.value, 'expiresInDays')}
            />
          )}
        </FieldFrame>
      </div>
      <Form.Check
        id={idOf('allowAccount')}
        label={t('kycLinks.dialog.allowAccount')}
        checked={allowAccount}
        disabled={!hasRecipient}
        isInvalid={problemOf('allowAccount') !== null}
        feedback={problemOf('allowAccount') ?? undefined}
        feedbackType="invalid"
        aria-describedby={`${idOf('allowAccount')}-hint`}
        onChange={(event) => set('allowAccount', event.target.checked, 'allowAccount')}
      />
      <Form.Text id={`${idOf('allowAccount')}-hint`} className="d-block">
        {hasRecipient
          ? t('kycLinks.dialog.accountForRecipient')
          : t('kycLinks.dialog.accountNeedsRecipient')}
      </Form.Text>
      {allowAccount && (
        <FieldFrame
          id={idOf('accessLevel')}
          label={t('kycLinks.dialog.accessLevel')}
          message={problemOf('accessLevel')}
          hint={t('kycLinks.dialog.accessLevelHint')}
          className="mt-3"
        >
          {(control) => (
            <Form.Select
              {...control}
              value={values.accessLevel}
              onChange={(event) =>
                set('accessLevel', event.target.value as LinkAccessLevel, 'accessLevel')
              }
            >
              {LINK_ACCESS_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {t(`members.levels.${level}`)}
                </option>
              ))}
            </Form.Select>
          )}
        </FieldFrame>
      )}
    </Form>
  );
}

/** The link just made: its URL, shown this once, and whether it went out by e-mail. */
function CreatedLinkView({ link, urlId }: { link: CreatedLink; urlId: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <>
      <Alert variant={link.mailed ? 'success' : 'info'} role="status">
        {link.mailed && link.recipientEmail
          ? t('kycLinks.dialog.mailed', { email: link.recipientEmail })
          : t('kycLinks.dialog.notMailed')}
      </Alert>
      <Form.Label htmlFor={urlId}>{t('kycLinks.dialog.url')}</Form.Label>
      {/* Wrapped, so that the whole link can be read and checked. */}
      <Form.Control
        as="textarea"
        rows={3}
        id={urlId}
        readOnly
        className="font-monospace small"
        value={link.url}
        spellCheck={false}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="d-flex flex-wrap align-items-center justify-content-end gap-2 mt-2">
        {copied === 'failed' && (
          <p className="small text-danger-emphasis mb-0 me-auto" role="alert">
            {t('kycLinks.dialog.copyFailed')}
          </p>
        )}
        <Button variant="primary" onClick={() => void copy()}>
          {copied === 'yes' ? t('kycLinks.dialog.copied') : t('kycLinks.dialog.copy')}
        </Button>
      </div>
      <Alert variant="warning" className="mt-3 mb-0">
        {t('kycLinks.dialog.onceWarning')}
      </Alert>
    </>
  );
}

/**
 * 'Share self-service link': the form, then the link made, its URL shown once. Render it only
 * while open: closing it forgets the URL for good.
 */
export function ShareLinkDialog({ kycId, onClose }: { kycId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const formId = useId();
  const urlId = useId();
  const [created, setCreated] = useState<CreatedLink | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      show
      onHide={busy ? undefined : onClose}
      // A stray click beside it must not lose a URL that cannot be shown again.
      backdrop={created || busy ? 'static' : true}
      centered
      size="lg"
      aria-labelledby={titleId}
    >
      <Modal.Header closeButton={!busy} closeLabel={t('ui.close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {created
            ? t('kycLinks.dialog.createdTitle', { id: created.id })
            : t('kycLinks.dialog.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {created ? (
          <CreatedLinkView link={created} urlId={urlId} />
        ) : (
          <LinkForm formId={formId} kycId={kycId} onCreated={setCreated} onBusy={setBusy} />
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={busy}>
          {created ? t('ui.close') : t('ui.cancel')}
        </Button>
        {!created && (
          <Button type="submit" form={formId} disabled={busy} aria-busy={busy || undefined}>
            {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {t('kycLinks.dialog.create')}
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
}

/** The file header's 'Share self-service link' button (the caller decides who sees it). */
export function ShareLinkButton({ kycId }: { kycId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline-primary" onClick={() => setOpen(true)}>
        {t('kycLinks.share')}
      </Button>
      {open && <ShareLinkDialog kycId={kycId} onClose={() => setOpen(false)} />}
    </>
  );
}
