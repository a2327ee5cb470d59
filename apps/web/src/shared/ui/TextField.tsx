import type { ChangeEvent } from 'react';
import { Field } from './Field';
import { LimitNote } from './LimitNote';
import type { LimitText } from './text-limit';
import { useTextLimit } from './useTextLimit';

interface TextFieldProps {
  label: string;
  id: string;
  value: string;
  onChange(value: string): void;
  /** the contract's limit: counted, never cut (see text-limit.ts) */
  max: number;
  /** the contract's text for a value past `max` */
  tooLong: LimitText;
  placeholder?: string;
  /** a textarea of this minimum height (a Tailwind class) instead of a one-line input */
  textarea?: 'min-h-24' | 'min-h-48';
}

/** A labelled one-line input or textarea of a form, with its limit's count and text under it. */
export function TextField({ label, id, value, onChange, max, tooLong, placeholder, textarea }: TextFieldProps) {
  const limit = useTextLimit(id, value, max, tooLong);
  const control = {
    id,
    value,
    placeholder,
    ...limit.control,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.target.value),
  };
  return (
    <Field label={label} htmlFor={id}>
      {textarea ? <textarea className={`input ${textarea}`} {...control} /> : <input className="input" {...control} />}
      <LimitNote limit={limit} />
    </Field>
  );
}
