import type { FormEvent, ReactNode } from 'react';
import { FormButtons } from '../../shared/ui/FormButtons';

interface FormShellProps {
  heading: string;
  busy: boolean;
  submitLabel: string;
  onSubmit(): void;
  onBack(): void;
  children: ReactNode;
}

export function FormShell({ heading, busy, submitLabel, onSubmit, onBack, children }: FormShellProps) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <div className="page">
      <form className="card mx-auto flex max-w-2xl flex-col gap-5 p-6 sm:p-8" onSubmit={submit} noValidate>
        <h1 className="text-xl font-bold">{heading}</h1>
        {children}
        <FormButtons
          cancelLabel="뒤로가기"
          onCancel={onBack}
          submitLabel={submitLabel}
          busy={busy}
          className="flex justify-end gap-2 pt-2"
        />
      </form>
    </div>
  );
}
