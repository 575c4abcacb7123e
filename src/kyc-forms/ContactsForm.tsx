import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '@/kyc-forms/fields';
import { issueAt, issuesWithin, useIssueText } from '@/kyc-forms/issues';
import { PersonCard, type PersonDraft } from '@/kyc-forms/PersonCard';
import { StepDocuments, type NamedStepDocument } from '@/kyc-forms/StepDocuments';
import type { StepDocument, StepDraft, StepFormProps } from '@/kyc-forms/types';

/** The schema's limit of people on one step. */
const MAX_PEOPLE = 50;
const ID_DOCUMENT = 'ID_DOCUMENT';

/** The people shown: always at least one, to start filling in. */
export const peopleOf = (value: StepDraft<'contacts'>): PersonDraft[] =>
  value.people?.length ? value.people : [{}];

/** The identity documents the people name, in their order, each with the names of its people. */
function namedIdDocuments(
  people: readonly PersonDraft[],
  idDocuments: readonly StepDocument[],
  nameOf: (person: PersonDraft, index: number) => string,
): { document: StepDocument; people: string[] }[] {
  const named = new Map<number, { document: StepDocument; people: string[] }>();
  people.forEach((person, index) => {
    const document = idDocuments.find((item) => String(item.id) === String(person.idDocumentId));
    if (!document) return;
    const entry = named.get(document.id) ?? { document, people: [] };
    entry.people.push(nameOf(person, index));
    named.set(document.id, entry);
  });
  return [...named.values()];
}

/**
 * The directors, authorised signatories and ultimate beneficial owners, each with an identity
 * document; then the company's other documents of the step (UBO register, shareholders...).
 */
export function ContactsForm({
  value,
  onChange,
  issues,
  countries,
  documents,
  readOnly,
  idPrefix,
}: StepFormProps<'contacts'>) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const people = peopleOf(value);
  const options = countryOptions(countries);
  // Uploads finish later: they change the people as they are then, not as they were.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  const [uploads, setUploads] = useState(0);
  const [added, setAdded] = useState<number | null>(null);

  const update = (index: number, change: (person: PersonDraft) => PersonDraft) => {
    const current = peopleOf(latest.current);
    onChange({
      ...latest.current,
      people: current.map((person, at) => (at === index ? change(person) : person)),
    });
  };
  const add = () => {
    setAdded(people.length);
    onChange({ ...value, people: [...people, {}] });
  };
  const remove = (index: number) =>
    onChange({ ...value, people: people.filter((_, at) => at !== index) });

  // While an identity document goes up, nobody is removed: it is meant for whoever is at its place.
  const uploadIdDocument = async (file: File): Promise<StepDocument> => {
    setUploads((count) => count + 1);
    try {
      return await documents.onUpload(file, ID_DOCUMENT);
    } finally {
      setUploads((count) => count - 1);
    }
  };

  const idDocuments = documents.documents.filter((document) => document.type === ID_DOCUMENT);
  const listIssue = issueAt(issues, 'people');
  // Listed with the step's documents too, so the step shows every document it rests on.
  const named: NamedStepDocument[] = namedIdDocuments(
    people,
    idDocuments,
    (person, index) =>
      [person.firstName, person.lastName].filter(Boolean).join(' ') ||
      t('kycForms.contacts.person', { number: index + 1 }),
  ).map(({ document, people: names }) => ({
    document,
    namedBy: t('kycForms.documents.identifies', { names: names.join(', ') }),
  }));

  return (
    <div className="d-grid gap-4">
      <fieldset disabled={readOnly} className="d-grid gap-3">
        <legend className="visually-hidden">{t('kycForms.contacts.people')}</legend>
        <p className="text-body-secondary mb-0">{t('kycForms.contacts.intro')}</p>
        {listIssue && (
          <Alert variant="danger" className="mb-0 py-2" id={`${idPrefix}-people-error`}>
            {issueText(listIssue)}
          </Alert>
        )}
        {people.map((person, index) => (
          <PersonCard
            key={index}
            index={index}
            value={person}
            onUpdate={(change) => update(index, change)}
            onRemove={
              !readOnly && people.length > 1 && uploads === 0 ? () => remove(index) : undefined
            }
            issues={issuesWithin(issues, `people.${index}`)}
            countries={options}
            idDocuments={idDocuments}
            uploadIdDocument={uploadIdDocument}
            readOnly={readOnly}
            focusFirst={index === added}
            idPrefix={`${idPrefix}-people-${index}`}
          />
        ))}
        {!readOnly && (
          <div>
            <Button variant="outline-primary" onClick={add} disabled={people.length >= MAX_PEOPLE}>
              {t('kycForms.contacts.add')}
            </Button>
          </div>
        )}
      </fieldset>
      <StepDocuments
        {...documents}
        documents={documents.documents.filter((document) => document.type !== ID_DOCUMENT)}
        allowedTypes={documents.allowedTypes.filter((type) => type !== ID_DOCUMENT)}
        requiredTypes={documents.requiredTypes.filter((type) => type !== ID_DOCUMENT)}
        named={named}
        readOnly={readOnly}
        idPrefix={`${idPrefix}-documents`}
      />
    </div>
  );
}
