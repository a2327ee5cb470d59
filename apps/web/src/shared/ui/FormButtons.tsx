interface FormButtonsProps {
  cancelLabel: string;
  onCancel(): void;
  submitLabel: string;
  /** the submit is under way: the submit button waits (no double submit) */
  busy: boolean;
  className?: string;
}

/** A form's closing row: a secondary cancel/back button and the submit button, right-aligned. */
export function FormButtons({
  cancelLabel,
  onCancel,
  submitLabel,
  busy,
  className = 'flex justify-end gap-2',
}: FormButtonsProps) {
  return (
    <div className={className}>
      <button type="button" className="btn-secondary" onClick={onCancel}>
        {cancelLabel}
      </button>
      <button type="submit" className="btn-primary" disabled={busy}>
        {submitLabel}
      </button>
    </div>
  );
}
