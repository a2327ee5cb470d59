import { useEffect } from 'react';
import { clampMembers, MAX_MEMBERS, MIN_MEMBERS } from './form-rules';

/** Typing pauses this long before an out-of-range headcount is corrected (so "12" can be typed through "1"). */
const CLAMP_DELAY_MS = 800;

export function MembersInput({ id, value, onChange }: { id: string; value: string; onChange(v: string): void }) {
  useEffect(() => {
    if (value === '' || clampMembers(value) === value) return;
    const timer = setTimeout(() => onChange(clampMembers(value)), CLAMP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value, onChange]);

  return (
    <input
      id={id}
      type="number"
      className="input w-32"
      min={MIN_MEMBERS}
      max={MAX_MEMBERS}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={() => onChange(clampMembers(value))}
    />
  );
}
