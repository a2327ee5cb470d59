import { useLayoutEffect, useRef, useState, type CSSProperties, type MouseEvent, type ReactNode } from 'react';

export interface DialogProps {
  onClose(): void;
  children: ReactNode;
  /** the accessible name when no visible title names the dialog */
  label?: string;
  /** the id of the visible title that names the dialog */
  labelledBy?: string;
  /** the panel's look and size (the browser centres it) */
  className: string;
  style?: CSSProperties;
}

/** A press on the backdrop reaches the dialog itself, at a point outside its box. */
const onBackdrop = (e: MouseEvent<HTMLDialogElement>) => {
  if (e.target !== e.currentTarget) return false;
  const box = e.currentTarget.getBoundingClientRect();
  return e.clientX < box.left || e.clientX > box.right || e.clientY < box.top || e.clientY > box.bottom;
};

/**
 * A modal `<dialog>` opened with `showModal()`: the browser puts it in the top layer (above the header and out of
 * any containing block), makes the page behind it inert (focus stays inside) and turns Escape into a `cancel`.
 * The owner decides when it closes: Escape and a press on the backdrop call `onClose`, and unmounting removes it.
 * Focus goes back to the element that had it when the dialog opened.
 */
export function Dialog({ onClose, children, label, labelledBy, className, style }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  // The content mounts once the dialog is open: a field's autoFocus cannot focus inside a closed dialog.
  const [open, setOpen] = useState(false);
  const leaving = useRef(false);

  useLayoutEffect(() => {
    const element = dialog.current!;
    const opener = document.activeElement as HTMLElement | null;
    leaving.current = false;
    if (!element.open) element.showModal();
    setOpen(true);
    return () => {
      // runs before React removes the element: while it is modal the opener is inert and cannot take focus
      leaving.current = true;
      element.close();
      opener?.focus?.();
    };
  }, []);

  // Keyboard users land on the dialog unless a field in it took focus.
  useLayoutEffect(() => {
    if (open && !dialog.current?.contains(document.activeElement)) dialog.current?.focus();
  }, [open]);

  return (
    // m-auto: the browser centres a modal dialog with its margins, which Tailwind's reset sets to 0
    <dialog
      ref={dialog}
      tabIndex={-1}
      aria-label={label}
      aria-labelledby={labelledBy}
      className={`m-auto border-0 p-0 text-gray-900 outline-none backdrop:bg-black/40 ${className}`}
      style={style}
      onCancel={(e) => {
        // a cancel the browser lets us stop (it may not, without a recent user gesture): the owner closes it
        if (!e.cancelable) return;
        e.preventDefault();
        onClose();
      }}
      // the browser closed it itself (an Escape it would not let us stop): tell the owner
      onClose={() => {
        if (!leaving.current) onClose();
      }}
      onMouseDown={(e) => {
        // the owner's outside-click handlers (the header's dropdowns) must not see presses inside a modal
        e.stopPropagation();
        if (!onBackdrop(e)) return;
        // the press would move focus to where the dialog was, after the opener got it back
        e.preventDefault();
        onClose();
      }}
    >
      {open && children}
    </dialog>
  );
}
