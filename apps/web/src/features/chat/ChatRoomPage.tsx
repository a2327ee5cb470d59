import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ChatRoom } from './ChatRoom';

/** /chat/{chatRoomId}: the same room as the modal, as a page; closing goes back. */
export default function ChatRoomPage() {
  const { chatRoomId } = useParams();
  const navigate = useNavigate();
  const roomId = Number(chatRoomId);
  const close = useCallback(() => {
    if (window.history.length > 1) navigate(-1);
    else navigate('/', { replace: true });
  }, [navigate]);
  if (!Number.isInteger(roomId) || roomId <= 0)
    return <p className="py-12 text-center text-gray-500">채팅방을 찾을 수 없습니다.</p>;
  return (
    <div className="mx-auto my-4 h-[600px] max-h-[calc(100dvh-6rem)] w-full max-w-[400px] overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
      <ChatRoom key={roomId} roomId={roomId} onClose={close} />
    </div>
  );
}
