import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { GRANTABLE_ACCESS_LEVELS, type GrantableAccessLevel } from '@common/partner-access';
import type { InvitationCreated } from '@common/partners';
import { useAppDispatch } from '@/store/hooks';
import { ACCESS_LEVEL_LABELS } from '@/features/partners/labels';
import { sendInvitation } from '@/features/partners/membersSlice';
import { isEmail } from '@/companies/formValues';
import { isApiError } from '@/lib/api-error';

/** The link of an invitation just sent, to copy and pass on when no e-mail went out. */
function InviteLink({ sent }: { sent: InvitationCreated }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(sent.inviteUrl);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Alert variant={sent.emailSent ? 'success' : 'warning'} className="mt-3 mb-0" role="status">
      <p className="mb-2">
        {sent.emailSent
          ? t('invitations.sentByEmail', { email: sent.invitation.email })
          : t('invitations.notSentByEmail', { email: sent.invitation.email })}
      </p>
      <Form.Label htmlFor="invite-link" className="small mb-1">
        {t('invitations.link')}
      </Form.Label>
      <InputGroup size="sm">
        <Form.Control
          id="invite-link"
          readOnly
          value={sent.inviteUrl}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="outline-secondary" onClick={() => void copy()}>
          {copied === 'yes' ? t('invitations.copied') : t('invitations.copy')}
        </Button>
      </InputGroup>
      {copied === 'failed' && <p className="small mb-0 mt-1">{t('invitations.copyFailed')}</p>}
    </Alert>
  );
}

/** Invites someone by e-mail with an access level (VIEWER unless chosen otherwise). */
export function InviteForm({
  partnerUuid,
  grantOwner,
}: {
  partnerUuid: string;
  grantOwner: boolean;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [email, setEmail] = useState('');
  const [accessLevel, setAccessLevel] = useState<GrantableAccessLevel>('VIEWER');
  const [emailProblem, setEmailProblem] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<InvitationCreated | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    if (!isEmail(email.trim())) {
      setEmailProblem(t('invitations.validation.email'));
      document.getElementById('invite-email')?.focus();
      return;
    }
    setEmailProblem(null);
    setBusy(true);
    try {
      const answer = await dispatch(
        sendInvitation({ partnerUuid, email: email.trim(), accessLevel }),
      ).unwrap();
      setSent(answer);
      setEmail('');
    } catch (error) {
      setSent(null);
      setProblem(isApiError(error) ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="invite-heading">
      <h3 id="invite-heading" className="h6">
        {t('invitations.inviteHeading')}
      </h3>
      {problem && <Alert variant="danger">{problem}</Alert>}
      <div className="row g-2 align-items-start">
        <Form.Group className="col-md" controlId="invite-email">
          <Form.Label className="small mb-1">{t('invitations.fields.email')}</Form.Label>
          <Form.Control
            type="email"
            value={email}
            autoComplete="off"
            isInvalid={emailProblem !== null}
            aria-describedby={emailProblem ? 'invite-email-error' : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
          {emailProblem && (
            <Form.Control.Feedback type="invalid" id="invite-email-error">
              {emailProblem}
            </Form.Control.Feedback>
          )}
        </Form.Group>
        <Form.Group className="col-md-auto" controlId="invite-accessLevel">
          <Form.Label className="small mb-1">{t('invitations.fields.accessLevel')}</Form.Label>
          <Form.Select
            value={accessLevel}
            onChange={(event) => setAccessLevel(event.target.value as GrantableAccessLevel)}
          >
            {GRANTABLE_ACCESS_LEVELS.filter((level) => grantOwner || level !== 'OWNER').map(
              (level) => (
                <option key={level} value={level}>
                  {t(ACCESS_LEVEL_LABELS[level])}
                </option>
              ),
            )}
          </Form.Select>
        </Form.Group>
        <div className="col-md-auto">
          <span className="d-none d-md-block small mb-1" aria-hidden="true">
            &nbsp;
          </span>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {t('invitations.send')}
          </Button>
        </div>
      </div>
      {sent && <InviteLink sent={sent} />}
    </Form>
  );
}
