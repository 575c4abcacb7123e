import { useId } from 'react';
import Form from 'react-bootstrap/Form';

interface FilterProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Grid columns (Bootstrap classes). */
  className?: string;
}

/** The search box of a list screen. */
export function SearchFilter({
  label,
  value,
  onChange,
  placeholder,
  className = 'col-12 col-md',
}: FilterProps & { placeholder: string }) {
  const id = useId();
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Control
        type="search"
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
      />
    </Form.Group>
  );
}

/** A choice of a list screen (a filter, the sort order). */
export function SelectFilter({
  label,
  value,
  onChange,
  options,
  className = 'col-12 col-md-auto',
}: FilterProps & { options: readonly { value: string; label: string }[] }) {
  const id = useId();
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Select value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
