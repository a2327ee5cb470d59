import { clampMembers, MAX_MEMBERS, MIN_MEMBERS } from './form-rules';

export function MembersInput({ id, value, onChange }: { id: string; value: string; onChange(v: string): void }) {
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
