import { render } from '@testing-library/react';
import { useState } from 'react';
import { STEP_DOCUMENT_TYPES } from '@common/kyc';
import type { DataStepType, StepIssue } from '@common/kyc-steps';
import { KycStepForm } from '@/kyc-forms/KycStepForm';
import type { StepDocument, StepDocumentsProps, StepDraft } from '@/kyc-forms/types';

const COUNTRIES = [
  { code: 'BE', name: 'Belgium' },
  { code: 'DE', name: 'Germany' },
  { code: 'NL', name: 'Netherlands' },
];

let nextId = 500;

/** Callbacks that resolve like a server that stores everything, as spies. */
export function documentsProps(
  stepType: DataStepType,
  overrides: Partial<StepDocumentsProps> = {},
): StepDocumentsProps {
  return {
    documents: [],
    allowedTypes: STEP_DOCUMENT_TYPES[stepType],
    requiredTypes: STEP_DOCUMENT_TYPES[stepType].slice(0, 1),
    onUpload: vi.fn(async (file: File, type): Promise<StepDocument> => ({
      id: nextId++,
      type,
      fileName: file.name,
    })),
    onArchive: vi.fn(async () => {}),
    onChangeType: vi.fn(async () => {}),
    ...overrides,
  };
}

export const pdf = (name = 'scan.pdf', bytes = 1024) =>
  new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

interface RenderOptions<T extends DataStepType> {
  value?: StepDraft<T>;
  issues?: StepIssue[];
  documents?: StepDocumentsProps;
  readOnly?: boolean;
}

/** The form as a page holds it: its state in the parent, every change recorded. */
export function renderStepForm<T extends DataStepType>(
  stepType: T,
  { value, issues = [], documents, readOnly }: RenderOptions<T> = {},
) {
  const onChange = vi.fn<(value: StepDraft<T>) => void>();
  const docs = documents ?? documentsProps(stepType);
  function Page() {
    const [draft, setDraft] = useState<StepDraft<T>>(value ?? ({} as StepDraft<T>));
    return (
      <KycStepForm
        stepType={stepType}
        value={draft}
        onChange={(next) => {
          onChange(next);
          setDraft(next);
        }}
        issues={issues}
        countries={COUNTRIES}
        documents={docs}
        readOnly={readOnly}
        idPrefix="test"
      />
    );
  }
  const view = render(<Page />);
  return { ...view, onChange, documents: docs, last: () => onChange.mock.lastCall?.[0] };
}
