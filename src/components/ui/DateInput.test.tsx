import { act, fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { useState } from 'react';
import de from '../../../public/assets/i18n/de.json';
import { DateInput } from '@/components/ui/DateInput';

function Field({ initial, onValue }: { initial: string; onValue: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="when">When</label>
      <DateInput
        id="when"
        isInvalid={false}
        aria-invalid={undefined}
        aria-describedby={undefined}
        aria-required={undefined}
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue(next);
        }}
      />
    </>
  );
}

describe('DateInput (issue 18, point 8)', () => {
  it('shows yyyy-MM-dd as dd.MM.yyyy and reads a typed dd.MM.yyyy back as yyyy-MM-dd', () => {
    const values: string[] = [];
    render(<Field initial="1988-04-12" onValue={(value) => values.push(value)} />);
    const input = screen.getByLabelText('When');
    expect(input).toHaveValue('12.04.1988');
    expect(input).toHaveAttribute('placeholder', 'dd.mm.yyyy');

    fireEvent.change(input, { target: { value: '03.11.2009' } });
    expect(values.at(-1)).toBe('2009-11-03');
    fireEvent.change(input, { target: { value: '4.5.2010' } });
    expect(values.at(-1)).toBe('2010-05-04');
  });

  it('does not read a date the format does not allow, and empties the value when cleared', () => {
    const values: string[] = [];
    render(<Field initial="2009-11-03" onValue={(value) => values.push(value)} />);
    const input = screen.getByLabelText('When');
    // Month first, as an en-US browser's own date input would want it: not a date here.
    fireEvent.change(input, { target: { value: '11/03/2009' } });
    expect(values).toEqual([]);
    fireEvent.change(input, { target: { value: '' } });
    expect(values).toEqual(['']);
  });

  it('keeps dd.MM.yyyy in another language, with its own placeholder', async () => {
    i18n.addResourceBundle('de', 'translation', de);
    await act(() => i18n.changeLanguage('de'));
    try {
      render(<Field initial="2024-02-29" onValue={() => undefined} />);
      const input = screen.getByLabelText('When');
      expect(input).toHaveValue('29.02.2024');
      expect(input).toHaveAttribute('placeholder', 'TT.MM.JJJJ');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
