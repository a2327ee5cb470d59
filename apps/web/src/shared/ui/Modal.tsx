import { useId, type ReactNode } from 'react';
import { Dialog } from './Dialog';

interface ModalProps {
  title?: ReactNode;
  onClose(): void;
  children: ReactNode;
  width?: number;
  height?: number;
}

/** A white, centred dialog with a title bar (the title names it) and its × 닫기 button. */
export function Modal({ title, onClose, children, width = 480, height }: ModalProps) {
  const titleId = useId();
  return (
    <Dialog
      onClose={onClose}
      labelledBy={title !== undefined ? titleId : undefined}
      className="max-h-[calc(100%-2rem)] max-w-[calc(100%-2rem)] flex-col rounded-xl bg-white shadow-xl open:flex"
      style={{ width, height }}
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
    </Dialog>
  );
}
