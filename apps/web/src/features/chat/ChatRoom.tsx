import { CHAT_MESSAGE_MAX, CHAT_MESSAGE_TOO_LONG_TEXT, type ChatMessage } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/store';
import { useMe } from '../../shared/auth/useMe';
import { LimitNote } from '../../shared/ui/LimitNote';
import { useTextLimit } from '../../shared/ui/useTextLimit';
import { chatKeys, messagesAfter, useRoom, useRoomHistory, useSaveReadLog } from './api';
import { connectChat, type ChatConnection } from './connection';
import { formatChatTime } from './format';
import { mergeMessages } from './merge';

const SYSTEM_SENDER = '[시스템]';
const LOAD_FAILED = '채팅방 데이터를 불러오는 데 실패했습니다.';
const LINK_DOWN_TEXT = '연결이 끊겼습니다. 다시 연결하는 중…';

/**
 * One chat room: its name, the history and live messages, and an input where Enter sends.
 * The connection opens once the room is loaded and closes with the room; closing saves the read log.
 * When the connection drops, a quiet line says so (the typed text stays) while it reconnects; each time the
 * room is subscribed again it reads the messages after the last one shown and merges them.
 */
export function ChatRoom({ roomId, onClose }: { roomId: number; onClose(): void }) {
  const { token } = useAuth();
  const { mutate: saveReadLog } = useSaveReadLog();
  const me = useMe();
  const room = useRoom(roomId, !!token);
  const history = useRoomHistory(roomId, !!token);
  const client = useQueryClient();
  /** live and caught-up messages, in id order */
  const [extra, setExtra] = useState<ChatMessage[]>([]);
  const [link, setLink] = useState<'connecting' | 'open' | 'down'>('connecting');
  const lastShown = useRef(0);
  const connected = link === 'open';
  const [text, setText] = useState('');
  const limit = useTextLimit(useId(), text, CHAT_MESSAGE_MAX, CHAT_MESSAGE_TOO_LONG_TEXT);
  const connection = useRef<ChatConnection | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!token) {
      alert('로그인이 필요합니다.');
      closeRef.current();
    }
  }, [token]);

  const failed = room.isError || history.isError;
  useEffect(() => {
    if (!failed) return;
    alert(LOAD_FAILED);
    closeRef.current();
  }, [failed]);

  const loaded = !!(token && room.data && history.data);
  useEffect(() => {
    if (!loaded || !token) return;
    let ended = false;
    const endWith = (text: string) => {
      if (ended) return;
      ended = true;
      alert(text);
      closeRef.current();
    };
    // what was stored while the room was not subscribed (also between the history read and the first subscribe)
    const catchUp = () =>
      messagesAfter(roomId, lastShown.current).then(
        (missed) => {
          setExtra((cur) => mergeMessages(cur, missed));
          void client.invalidateQueries({ queryKey: chatKeys.rooms });
          void client.invalidateQueries({ queryKey: chatKeys.unreadAll });
        },
        (err: unknown) => {
          if (err instanceof ApiError && (err.status === 403 || err.status === 404)) endWith(err.message);
          // otherwise the next reconnect reads again
        },
      );
    const conn = connectChat(roomId, token, {
      onMessage: (m) => setExtra((cur) => mergeMessages(cur, [m])),
      onKick: endWith,
      onError: (error) => alert(error),
      onRefused: endWith,
      onOpenChange: (open) => {
        setLink(open ? 'open' : 'down');
        if (open) void catchUp();
      },
    });
    connection.current = conn;
    return () => {
      conn.close();
      connection.current = null;
      saveReadLog(roomId);
    };
  }, [loaded, roomId, token, saveReadLog, client]);

  const messages = mergeMessages([...(history.data ?? [])].reverse(), extra);
  lastShown.current = messages.at(-1)?.messageId ?? 0;

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [messages.length]);

  const send = () => {
    const trimmed = text.trim();
    if (!trimmed || !connected || limit.over) return;
    if (connection.current?.send(trimmed)) setText('');
  };

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="chat-room">
      <div className="flex items-center justify-between border-b border-gray-100 px-4 py-3">
        <h2 className="truncate text-base font-semibold" data-testid="chat-room-name">
          {room.data?.chatRoomName ?? ''}
        </h2>
        <button
          type="button"
          aria-label="닫기"
          className="px-2 text-2xl leading-none text-gray-400 hover:text-gray-700"
          onClick={onClose}
        >
          ×
        </button>
      </div>
      <div className="min-h-0 flex-1 space-y-2 overflow-y-auto bg-gray-50 px-3 py-3" data-testid="chat-messages">
        {!loaded && !failed && <p className="py-6 text-center text-sm text-gray-400">불러오는 중...</p>}
        {loaded &&
          messages.map((m) => (
            <MessageLine key={m.messageId} message={m} mine={m.senderId === me?.id && m.senderName !== SYSTEM_SENDER} />
          ))}
        <div ref={bottom} />
      </div>
      {link === 'down' && (
        <p
          role="status"
          className="border-t border-gray-100 px-3 pt-2 text-center text-xs text-gray-500"
          data-testid="chat-link-down"
        >
          {LINK_DOWN_TEXT}
        </p>
      )}
      <div className="flex flex-col gap-1 border-t border-gray-100 p-3">
        <div className="flex gap-2">
          <input
            id={limit.id}
            className="input min-w-0 flex-1"
            aria-label="메시지 입력"
            placeholder={connected || link === 'down' ? '메시지를 입력하세요' : '연결 중...'}
            value={text}
            {...limit.control}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              // Hangul is confirmed with Enter while composing: that Enter must not send
              if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
                e.preventDefault();
                send();
              }
            }}
          />
          <button
            type="button"
            className="btn-primary shrink-0"
            disabled={!connected || !text.trim() || limit.over}
            onClick={send}
          >
            전송
          </button>
        </div>
        <LimitNote limit={limit} />
      </div>
    </div>
  );
}

function MessageLine({ message, mine }: { message: ChatMessage; mine: boolean }) {
  if (message.senderName === SYSTEM_SENDER) {
    return (
      <p className="text-center text-xs text-gray-500" data-testid="chat-system-line">
        {message.message}
      </p>
    );
  }
  return (
    <div className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`} data-testid="chat-message">
      {!mine && <span className="mb-0.5 text-xs text-gray-600">{message.senderName}</span>}
      <div className={`flex items-end gap-1 ${mine ? 'flex-row-reverse' : ''}`}>
        <p
          className={`max-w-[16rem] whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm ${mine ? 'bg-indigo-600 text-white' : 'bg-white text-gray-900 shadow-sm'}`}
        >
          {message.message}
        </p>
        <span className="shrink-0 text-[10px] text-gray-400">{formatChatTime(message.sendAt)}</span>
      </div>
    </div>
  );
}
