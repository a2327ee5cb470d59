import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  title?: ReactNode;
  onClose(): void;
  children: ReactNode;
  width?: number;
  height?: number;
  labelledBy?: string;
}

export function Modal({ title, onClose, children, width = 480, height, labelledBy }: ModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  // Keyboard users land in the dialog (unless a field in it took focus) and go back where they were on close.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.current?.contains(document.activeElement)) dialog.current?.focus();
    return () => opener?.focus?.();
  }, []);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4" onMouseDown={onClose}>
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        // the dialog is named by its title, so "공지 작성" and "공지" can be told apart by assistive technology
        aria-labelledby={labelledBy ?? (title !== undefined ? titleId : undefined)}
        tabIndex={-1}
        className="flex max-h-full max-w-full flex-col rounded-xl bg-white shadow-xl outline-none"
        style={{ width, height }}
        onMouseDown={(e) => e.stopPropagation()}
      >
        {title !== undefined && (
          <div className="flex items-center justify-between border-b border-gray-100 px-5 py-3">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <button type="button" aria-label="닫기" className="text-xl text-gray-600 hover:text-gray-700" onClick={onClose}>
              ×
            </button>
          </div>
        )}
        <div className="min-h-0 flex-1 overflow-auto p-5">{children}</div>
      </div>
    </div>
  );
}
