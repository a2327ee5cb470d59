import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { ChatRoom } from './ChatRoom';

/** The room in a 400x600 px modal (spec 9); on a phone it fills the screen. In a portal: the header is a containing block. */
export default function ChatRoomModal({ roomId, onClose }: { roomId: number; onClose(): void }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 sm:p-4" onMouseDown={onClose}>
      <div
        role="dialog"
        aria-modal="true"
        aria-label="채팅방"
        className="h-full w-full overflow-hidden bg-white shadow-xl sm:h-[600px] sm:max-h-full sm:w-[400px] sm:rounded-xl"
        onMouseDown={(e) => e.stopPropagation()}
      >
        <ChatRoom key={roomId} roomId={roomId} onClose={onClose} />
      </div>
    </div>,
    document.body,
  );
}
