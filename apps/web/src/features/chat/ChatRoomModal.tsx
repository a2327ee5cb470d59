import { Dialog } from '../../shared/ui/Dialog';
import { ChatRoom } from './ChatRoom';

/** The room in a 400x600 px modal (spec 9); on a phone it fills the screen. */
export default function ChatRoomModal({ roomId, onClose }: { roomId: number; onClose(): void }) {
  return (
    <Dialog
      label="채팅방"
      onClose={onClose}
      gutterClassName="sm:p-4"
      panelClassName="h-full w-full overflow-hidden bg-white shadow-xl sm:h-[600px] sm:max-h-full sm:w-[400px] sm:rounded-xl"
    >
      <ChatRoom key={roomId} roomId={roomId} onClose={onClose} />
    </Dialog>
  );
}
