import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';

export interface DialogProps {
  onClose(): void;
  children: ReactNode;
  /** the accessible name when no visible title names the dialog */
  label?: string;
  /** the id of the visible title that names the dialog */
  labelledBy?: string;
  /** the panel's look and size; the dialog around it covers the screen and centres it */
  panelClassName: string;
  panelStyle?: CSSProperties;
  /** the space kept around the panel (the backdrop that shows there closes the dialog) */
  gutterClassName?: string;
}

/**
 * A modal `<dialog>` opened with `showModal()`: the browser puts it in the top layer (above the header and out of
 * any containing block), makes the page behind it inert (focus stays inside) and turns Escape into a `cancel`.
 * The owner decides when it closes: Escape and a press on the backdrop call `onClose`, and unmounting removes it.
 * Focus goes back to the element that had it when the dialog opened.
 */
export function Dialog({
  onClose,
  children,
  label,
  labelledBy,
  panelClassName,
  panelStyle,
  gutterClassName = 'p-4',
}: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // The content mounts once the dialog is open: a field's autoFocus cannot focus inside a closed dialog.
  const [open, setOpen] = useState(false);

  useLayoutEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.current?.open) dialog.current?.showModal();
    setOpen(true);
    return () => opener?.focus?.();
  }, []);

  // Keyboard users land on the panel unless a field in it took focus.
  useLayoutEffect(() => {
    if (open && !panel.current?.contains(document.activeElement)) panel.current?.focus();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-label={label}
      aria-labelledby={labelledBy}
      className={`m-0 h-full max-h-none w-full max-w-none items-center justify-center overflow-hidden border-0 bg-transparent text-gray-900 backdrop:bg-black/40 open:flex ${gutterClassName}`}
      onCancel={(e) => {
        // a cancel the browser lets us stop (it may not, without a recent user gesture): the owner closes it
        if (!e.cancelable) return;
        e.preventDefault();
        onClose();
      }}
      // the browser closed it itself (an Escape it would not let us stop): tell the owner
      onClose={onClose}
      onMouseDown={(e) => {
        // the owner's outside-click handlers (the header's dropdowns) must not see presses inside a modal
        e.stopPropagation();
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div ref={panel} tabIndex={-1} className={`outline-none ${panelClassName}`} style={panelStyle}>
        {open && children}
      </div>
    </dialog>
  );
}
