import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@common/partners';
import type { ContactInput } from '@common/partner-bodies';
import { isEmail } from '@/companies/formValues';
import type { TranslationKey } from '@/lib/i18n';

type Values = Record<keyof ContactInput, string>;
const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'jobTitle'] as const;

const LABELS = {
  firstName: 'contacts.fields.firstName',
  lastName: 'contacts.fields.lastName',
  email: 'contacts.fields.email',
  phone: 'contacts.fields.phone',
  jobTitle: 'contacts.fields.jobTitle',
} as const satisfies Record<keyof ContactInput, string>;

const INPUT_TYPES: Record<keyof ContactInput, string> = {
  firstName: 'text',
  lastName: 'text',
  email: 'email',
  phone: 'tel',
  jobTitle: 'text',
};

/** The contact's own checks: a name or an e-mail is required, and the e-mail must be one. */
function validateContact(values: Values): Partial<Record<keyof ContactInput, TranslationKey>> {
  const problems: Partial<Record<keyof ContactInput, TranslationKey>> = {};
  const email = values.email.trim();
  if (!email && !values.firstName.trim() && !values.lastName.trim()) {
    problems.firstName = 'contacts.validation.nameOrEmail';
    problems.email = 'contacts.validation.nameOrEmail';
  } else if (email && !isEmail(email)) {
    problems.email = 'contacts.validation.email';
  }
  return problems;
}

interface ContactFormModalProps {
  /** null: closed; 'new': adding; a contact: changing it. */
  contact: Contact | 'new' | null;
  onSave: (body: ContactInput) => Promise<void>;
  onClose: () => void;
  /** The server's answer when it refused the contact. */
  problem: string | null;
  fieldErrors?: Record<string, string>;
}

function ContactForm({
  contact,
  onSave,
  problem,
  fieldErrors,
}: Omit<ContactFormModalProps, 'onClose'> & { contact: Contact | 'new' }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(
    () =>
      Object.fromEntries(
        FIELDS.map((field) => [field, contact === 'new' ? '' : (contact[field] ?? '')]),
      ) as Values,
  );
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const problems = checked ? validateContact(values) : {};

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    const found = validateContact(values);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const text = (field: keyof ContactInput) => values[field].trim() || null;
      await onSave({
        firstName: text('firstName'),
        lastName: text('lastName'),
        email: text('email'),
        phone: text('phone'),
        jobTitle: text('jobTitle'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <Modal.Body>
        {problem && <Alert variant="danger">{problem}</Alert>}
        <div className="row g-3">
          {FIELDS.map((field) => {
            const message = problems[field] ? t(problems[field]) : fieldErrors?.[field];
            return (
              <Form.Group
                key={field}
                controlId={`contact-${field}`}
                className={field === 'email' || field === 'jobTitle' ? 'col-12' : 'col-sm-6'}
              >
                <Form.Label>{t(LABELS[field])}</Form.Label>
                <Form.Control
                  type={INPUT_TYPES[field]}
                  // Someone else's details: the browser's own should not be offered.
                  autoComplete="off"
                  value={values[field]}
                  isInvalid={Boolean(message)}
                  aria-describedby={message ? `contact-${field}-error` : undefined}
                  onChange={(event) =>
                    setValues((current) => ({ ...current, [field]: event.target.value }))
                  }
                />
                {message && (
                  <Form.Control.Feedback type="invalid" id={`contact-${field}-error`}>
                    {message}
                  </Form.Control.Feedback>
                )}
              </Form.Group>
            );
          })}
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {t('contacts.save')}
        </Button>
      </Modal.Footer>
    </Form>
  );
}

/** Adding or changing a contact, in a dialog. */
export function ContactFormModal({ contact, onClose, ...form }: ContactFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal show={contact !== null} onHide={onClose} centered aria-labelledby="contact-modal-title">
      <Modal.Header closeButton closeLabel={t('partners.actions.close')}>
        <Modal.Title id="contact-modal-title" as="h2" className="h5">
          {contact === 'new' ? t('contacts.addTitle') : t('contacts.editTitle')}
        </Modal.Title>
      </Modal.Header>
      {contact !== null && <ContactForm contact={contact} {...form} />}
    </Modal>
  );
}
