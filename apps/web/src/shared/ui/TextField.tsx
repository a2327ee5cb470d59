import type { ChangeEvent } from 'react';
import { Field } from './Field';

interface TextFieldProps {
  label: string;
  id: string;
  value: string;
  onChange(value: string): void;
  maxLength: number;
  placeholder?: string;
  /** a textarea of this minimum height (a Tailwind class) instead of a one-line input */
  textarea?: 'min-h-24' | 'min-h-48';
}

/** A labelled one-line input or textarea of a form. */
export function TextField({ label, id, value, onChange, maxLength, placeholder, textarea }: TextFieldProps) {
  const control = {
    id,
    value,
    maxLength,
    placeholder,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.target.value),
  };
  return (
    <Field label={label} htmlFor={id}>
      {textarea ? <textarea className={`input ${textarea}`} {...control} /> : <input className="input" {...control} />}
    </Field>
  );
}
