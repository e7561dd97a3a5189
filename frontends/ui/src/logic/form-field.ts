import { useState, type ChangeEvent } from 'react';

/**
 * One text field of a form: its value and its validation message, which clears as soon as
 * the person types again. `inputProps` spreads onto a Mantine TextInput.
 */
export function useFormField(initial = '') {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string>();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setValue(event.currentTarget.value);
    setError(undefined);
  };
  return { value, error, setError, inputProps: { value, error, onChange } };
}
