import type { ReactNode } from 'react';

/** "None", shown only when the server said so; `children` offer the next step (write, browse). */
export function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 py-12 text-center">
      <p className="text-gray-600">{text}</p>
      {children}
    </div>
  );
}
