interface FormButtonsProps {
  cancelLabel: string;
  onCancel(): void;
  submitLabel: string;
  /** the submit is under way: the submit button waits (no double submit) */
  busy: boolean;
  className?: string;
  /** both buttons share the row's width */
  stretch?: boolean;
}

/** A form's closing row: a secondary cancel/back button and the submit button, right-aligned or stretched. */
export function FormButtons({
  cancelLabel,
  onCancel,
  submitLabel,
  busy,
  className = 'flex justify-end gap-2',
  stretch,
}: FormButtonsProps) {
  const width = stretch ? ' flex-1' : '';
  return (
    <div className={className}>
      <button type="button" className={`btn-secondary${width}`} onClick={onCancel}>
        {cancelLabel}
      </button>
      <button type="submit" className={`btn-primary${width}`} disabled={busy}>
        {submitLabel}
      </button>
    </div>
  );
}
