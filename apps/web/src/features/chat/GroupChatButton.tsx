import { CHAT_ROOM_NAME_TOO_LONG_TEXT } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { alertFailure, errorText } from '../../shared/api/client';
import { chatLauncher } from './launcher';
import { LimitNote } from '../../shared/ui/LimitNote';
import { Modal } from '../../shared/ui/Modal';
import { refuseOverLimit } from '../../shared/ui/text-limit';
import { useTextLimit } from '../../shared/ui/useTextLimit';
import { keys } from '../../shared/api/keys';
import { useCreateChatRoom, useRoomExists, useRoomUnread } from './api';

/**
 * The group page's chat button: the room's unread badge, reset on opening. Without a room the admin
 * gets the creation dialog and anyone else is told the room does not exist yet.
 */
export default function GroupChatButton({ groupId, groupName, admin }: { groupId: number; groupName: string; admin: boolean }) {
  const exists = useRoomExists(groupId);
  const roomId = exists.data?.chatRoomId ?? null;
  const unread = useRoomUnread(roomId);
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);

  const click = () => {
    if (exists.isError) return alertFailure(exists.error, '채팅방 여부 확인 실패');
    if (!exists.data) return;
    if (roomId !== null) {
      queryClient.setQueryData(keys.chat.unread(roomId), 0);
      chatLauncher.open(roomId);
    } else if (admin) setCreating(true);
    else alert('채팅방이 아직 생성되지 않았습니다.');
  };

  return (
    <>
      <button
        type="button"
        className="btn-primary relative"
        onClick={click}
        disabled={exists.isPending}
        data-testid="group-chat-button"
      >
        채팅
        {!!unread.data && (
          <span
            className="absolute -right-2 -top-2 rounded-full bg-red-500 px-1.5 text-xs font-semibold text-white"
            data-testid="group-chat-unread"
          >
            {unread.data}
          </span>
        )}
      </button>
      {creating && <CreateRoomDialog groupId={groupId} groupName={groupName} onClose={() => setCreating(false)} />}
    </>
  );
}

function CreateRoomDialog({ groupId, groupName, onClose }: { groupId: number; groupName: string; onClose(): void }) {
  const [name, setName] = useState('');
  const create = useCreateChatRoom(groupId);
  const limit = useTextLimit('chat-room-name', name, 50, CHAT_ROOM_NAME_TOO_LONG_TEXT);
  const submit = () => {
    if (refuseOverLimit([limit])) return;
    const trimmed = name.trim();
    if (!trimmed) return alert('채팅방 이름을 입력해주세요.');
    create.mutate(trimmed, {
      onSuccess: () => {
        alert('채팅방이 생성되었습니다.');
        onClose();
      },
      onError: (e) => alertFailure(e, errorText(e) || '채팅방 생성 실패'),
    });
  };
  return (
    <Modal title="채팅방 만들기" onClose={onClose} width={400}>
      <p className="mb-3 text-sm text-gray-600">{groupName} 그룹의 채팅방 이름을 입력하세요.</p>
      <div className="flex flex-col gap-1.5">
        <input
          id={limit.id}
          className="input w-full"
          aria-label="채팅방 이름"
          value={name}
          autoFocus
          {...limit.control}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && !e.nativeEvent.isComposing && submit()}
        />
        <LimitNote limit={limit} />
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onClose}>
          취소
        </button>
        <button type="button" className="btn-primary" disabled={create.isPending} onClick={submit}>
          만들기
        </button>
      </div>
    </Modal>
  );
}
