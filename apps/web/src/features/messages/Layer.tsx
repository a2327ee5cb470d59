import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Renders dialogs on <body>: the header's blur makes it the containing block of fixed children, and
 * stopping mousedown here keeps the header's outside-click handler from closing the dropdown that
 * opened the dialog.
 */
export function Layer({ children }: { children: ReactNode }) {
  return createPortal(<div onMouseDown={(e) => e.stopPropagation()}>{children}</div>, document.body);
}
