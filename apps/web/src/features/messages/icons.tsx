import type { ReactNode } from 'react';

/** The inbox rows' icons as inline SVG (emoji glyphs render as boxes without emoji fonts). */
function RowIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

export const ReplyIcon = () => (
  <RowIcon>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
  </RowIcon>
);

export const TrashIcon = () => (
  <RowIcon>
    <path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14M10 11v5M14 11v5" />
  </RowIcon>
);
