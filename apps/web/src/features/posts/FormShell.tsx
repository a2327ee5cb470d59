import type { FormEvent, ReactNode } from 'react';

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
    onSubmit();
  };
  return (
    <div className="page">
      <form className="card mx-auto flex max-w-2xl flex-col gap-5 p-6 sm:p-8" onSubmit={submit} noValidate>
        <h1 className="text-xl font-bold">{heading}</h1>
        {children}
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn-secondary" onClick={onBack}>
            뒤로가기
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {submitLabel}
          </button>
        </div>
      </form>
    </div>
  );
}
