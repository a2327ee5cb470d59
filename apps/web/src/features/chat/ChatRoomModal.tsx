import { Dialog } from '../../shared/ui/Dialog';
import { ChatRoom } from './ChatRoom';

/** The room in a 400x600 px modal; on a phone it fills the screen. */
export default function ChatRoomModal({ roomId, onClose }: { roomId: number; onClose(): void }) {
  return (
    <Dialog
      label="채팅방"
      onClose={onClose}
      className="h-full max-h-full w-full max-w-full overflow-hidden bg-white shadow-xl sm:h-[600px] sm:max-h-[calc(100%-2rem)] sm:w-[400px] sm:rounded-xl"
    >
      <ChatRoom key={roomId} roomId={roomId} onClose={onClose} />
    </Dialog>
  );
}
