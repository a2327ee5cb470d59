/** An on/off switch (role="switch") with a finger-sized target around its track; named by `label`. */
export function Switch({
  label,
  on,
  disabled,
  onChange,
}: {
  label: string;
  on: boolean;
  disabled?: boolean;
  onChange(on: boolean): void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!on)}
      className="group inline-flex h-11 w-14 shrink-0 items-center justify-center rounded-full outline-none disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className={`flex h-6 w-11 items-center rounded-full transition-colors group-focus-visible:ring-2 group-focus-visible:ring-indigo-600 group-focus-visible:ring-offset-2 ${on ? 'bg-indigo-600' : 'bg-gray-300'}`}
      >
        <span
          className={`h-5 w-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-5.5' : 'translate-x-0.5'}`}
        />
      </span>
    </button>
  );
}
