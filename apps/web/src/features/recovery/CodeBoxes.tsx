import { CODE_LENGTH } from '@app/contract';
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';

export const emptyCode = (): string[] => Array.from({ length: CODE_LENGTH }, () => '');

interface Props {
  value: string[];
  onChange(value: string[]): void;
  /** the password code takes digits only; the find-id code any one character per box */
  digitsOnly?: boolean;
  disabled?: boolean;
}

/**
 * Four one-character boxes: typing moves to the next box, Backspace on an empty box goes back, and a whole code
 * (pasted, or filled in by the phone's one-time-code suggestion) spreads over the boxes.
 */
export function CodeBoxes({ value, onChange, digitsOnly, disabled }: Props) {
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const clean = (s: string) => [...(digitsOnly ? s.replace(/\D/g, '') : s.replace(/\s/g, ''))];
  const focus = (i: number) => refs.current[Math.max(0, Math.min(CODE_LENGTH - 1, i))]?.focus();

  const spread = (from: number, chars: string[]) => {
    const next = [...value];
    chars.slice(0, CODE_LENGTH - from).forEach((c, k) => (next[from + k] = c));
    onChange(next);
    focus(from + chars.length);
  };

  const type = (i: number, raw: string) => {
    const chars = clean(raw);
    if (chars.length >= CODE_LENGTH) return spread(0, chars);
    const next = [...value];
    next[i] = chars.at(-1) ?? '';
    onChange(next);
    if (next[i]) focus(i + 1);
  };

  const paste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const chars = clean(e.clipboardData.getData('text'));
    if (chars.length) spread(chars.length >= CODE_LENGTH ? 0 : i, chars);
  };

  const key = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !value[i] && i > 0) {
      e.preventDefault();
      const next = [...value];
      next[i - 1] = '';
      onChange(next);
      focus(i - 1);
    } else if (e.key === 'ArrowLeft') focus(i - 1);
    else if (e.key === 'ArrowRight') focus(i + 1);
  };

  return (
    <div className="flex justify-center gap-2" role="group" aria-label="인증 코드">
      {value.map((c, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          className="input h-12 w-12 text-center text-xl font-semibold"
          inputMode="numeric"
          autoComplete="one-time-code"
          aria-label={`인증 코드 ${i + 1}번째 자리`}
          value={c}
          disabled={disabled}
          onChange={(e) => type(i, e.target.value)}
          onPaste={(e) => paste(i, e)}
          onKeyDown={(e) => key(i, e)}
          onFocus={(e) => e.target.select()}
        />
      ))}
    </div>
  );
}
