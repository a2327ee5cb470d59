import { useState, type KeyboardEvent } from 'react';
import { seoulToday } from '../lib/format';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'MM/dd/yyyy' (the picker's display format) to 'YYYY-MM-DD', or null when it is not a real date. */
export function parseMdy(text: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** What the box accepts: the display format, or an ISO date typed or pasted as is. */
export function parseDateText(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  return iso ? parseMdy(`${iso[2]}/${iso[3]}/${iso[1]}`) : parseMdy(text);
}

export function toMdy(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : '';
}

interface DatePickerProps {
  id?: string;
  label: string;
  /** 'YYYY-MM-DD', or '' when empty or invalid */
  value: string;
  onChange(value: string): void;
}

/** A date typed as MM/dd/yyyy or picked from a month calendar; the value is sent as YYYY-MM-DD. */
export function DatePicker({ id, label, value, onChange }: DatePickerProps) {
  const [text, setText] = useState(toMdy(value));
  const [shownValue, setShownValue] = useState(value);
  const [touched, setTouched] = useState(false);
  const [open, setOpen] = useState(false);

  // a value set from outside (an edit form that finished loading) replaces the typed text
  if (value !== shownValue) {
    setShownValue(value);
    if (value && value !== parseDateText(text)) setText(toMdy(value));
  }

  const type = (next: string) => {
    setText(next);
    const iso = parseDateText(next) ?? '';
    setShownValue(iso);
    onChange(iso);
  };

  // judged once the box is left, or as soon as the text is complete (ends in a year)
  const invalid = (touched || /\d{4}$/.test(text.trim())) && text.trim() !== '' && parseDateText(text) === null;

  // like a date picker's input: leaving it (or Enter) shows a valid date in MM/dd/yyyy; Enter never submits the form
  const commit = () => {
    setTouched(true);
    if (value) setText(toMdy(value));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    e.preventDefault();
    commit();
    setOpen(false);
  };

  return (
    <div className="relative">
      <div className="flex gap-2">
        <input
          id={id}
          className="input flex-1"
          aria-label={label}
          aria-invalid={invalid}
          placeholder="MM/dd/yyyy"
          value={text}
          onChange={(e) => type(e.target.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="btn-secondary px-3" aria-label={`${label} 달력 열기`} onClick={() => setOpen((o) => !o)}>
          <CalendarIcon />
        </button>
      </div>
      {invalid && <p className="mt-1 text-xs text-red-700">Date input not valid.</p>}
      {open && (
        <Calendar
          selected={value}
          onPick={(iso) => {
            type(toMdy(iso));
            setOpen(false);
          }}
        />
      )}
    </div>
  );
}

const CalendarIcon = () => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    aria-hidden="true"
  >
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </svg>
);

const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'];

function Calendar({ selected, onPick }: { selected: string; onPick(iso: string): void }) {
  const start = selected || seoulToday();
  const [month, setMonth] = useState({ y: Number(start.slice(0, 4)), m: Number(start.slice(5, 7)) - 1 });
  const first = new Date(Date.UTC(month.y, month.m, 1));
  const days = new Date(Date.UTC(month.y, month.m + 1, 0)).getUTCDate();
  const cells = [...Array<null>(first.getUTCDay()).fill(null), ...Array.from({ length: days }, (_, i) => i + 1)];
  const shift = (delta: number) => {
    const d = new Date(Date.UTC(month.y, month.m + delta, 1));
    setMonth({ y: d.getUTCFullYear(), m: d.getUTCMonth() });
  };
  const today = seoulToday();
  return (
    <div className="card absolute z-30 mt-1 w-72 p-3" role="dialog" aria-label="날짜 선택">
      <div className="mb-2 flex items-center justify-between text-sm font-semibold">
        <button type="button" aria-label="이전 달" className="px-2" onClick={() => shift(-1)}>
          ‹
        </button>
        <span>
          {month.y}년 {month.m + 1}월
        </span>
        <button type="button" aria-label="다음 달" className="px-2" onClick={() => shift(1)}>
          ›
        </button>
      </div>
      <div className="grid grid-cols-7 gap-1 text-center text-xs">
        {WEEKDAYS.map((w) => (
          <span key={w} className="text-gray-600">
            {w}
          </span>
        ))}
        {cells.map((day, i) => {
          if (day === null) return <span key={`e${i}`} />;
          const iso = `${month.y}-${pad(month.m + 1)}-${pad(day)}`;
          const tone =
            iso === selected ? 'bg-indigo-600 text-white' : iso === today ? 'border border-indigo-400' : 'hover:bg-gray-100';
          return (
            <button key={iso} type="button" className={`rounded py-1 ${tone}`} onClick={() => onPick(iso)}>
              {day}
            </button>
          );
        })}
      </div>
    </div>
  );
}
