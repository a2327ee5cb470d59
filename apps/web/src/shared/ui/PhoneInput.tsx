interface PhoneInputProps {
  parts: [string, string, string];
  onChange(parts: [string, string, string]): void;
  disabled?: boolean;
  /** keep digits only (application profile contact) */
  digitsOnly?: boolean;
  label?: string;
}

const SIZE = [3, 4, 4] as const;

/**
 * A phone number in three parts of 3/4/4 characters, joined without separators by the caller. A part given more
 * than its size (a whole number pasted into one box) spreads the number over the boxes: nothing is cut, and what
 * does not fit stays in the last box for the form's check to refuse.
 */
export function PhoneInput({ parts, onChange, disabled, digitsOnly, label = '전화번호' }: PhoneInputProps) {
  const set = (i: number, v: string) => {
    const next = [...parts] as [string, string, string];
    next[i] = digitsOnly ? v.replace(/\D/g, '') : v;
    onChange(next[i].length > SIZE[i] ? spread(next.join('')) : next);
  };
  return (
    <div className="flex items-center gap-2">
      {parts.map((p, i) => (
        <span key={i} className="flex items-center gap-2">
          {i > 0 && <span className="text-gray-600">-</span>}
          <input
            className="input w-20 text-center"
            aria-label={`${label} ${i + 1}번째 자리`}
            inputMode="numeric"
            value={p}
            disabled={disabled}
            onChange={(e) => set(i, e.target.value)}
          />
        </span>
      ))}
    </div>
  );
}

export const joinPhone = (parts: string[]) => parts.join('');
export function splitPhone(phone: string): [string, string, string] {
  const d = phone.replace(/\D/g, '');
  if (d.length === 10) return [d.slice(0, 3), d.slice(3, 6), d.slice(6)];
  return [d.slice(0, 3), d.slice(3, 7), d.slice(7, 11)];
}

/** A number over the three boxes (its separators dropped), 3-3-4 for ten digits; the last box keeps any excess. */
export function spread(phone: string): [string, string, string] {
  const d = phone.replace(/[\s-]/g, '');
  if (d.length === 10) return [d.slice(0, 3), d.slice(3, 6), d.slice(6)];
  return [d.slice(0, 3), d.slice(3, 7), d.slice(7)];
}
