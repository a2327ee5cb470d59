import type { ReactNode } from 'react';

export function Field({ label, htmlFor, children }: { label: string; htmlFor?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label className="text-sm font-medium text-gray-700" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
    </div>
  );
}
