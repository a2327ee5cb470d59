import type { ChatMessage, ChatRoom, ChatRoomExists, ChatRoomItem, CreateChatRoomBody } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../shared/api/client';
import { keys } from '../../shared/api/keys';

export const chatKeys = keys.chat;

/** The history the room shows (300 messages). */
export const HISTORY_LIMIT = 300;

export const chatApi = {
  rooms: () => get<ChatRoomItem[]>('/chat/rooms'),
  room: (roomId: number) => get<ChatRoom>(`/chat/rooms/${roomId}`),
  history: (roomId: number, before?: number) =>
    get<ChatMessage[]>(`/chat/rooms/${roomId}/messages?limit=${HISTORY_LIMIT}${before ? `&before=${before}` : ''}`),
  unread: (roomId: number) => get<number>(`/chat/rooms/${roomId}/unread-count`),
  exists: (groupId: number) => get<ChatRoomExists>(`/chat/rooms/exist/${groupId}`),
  create: (body: CreateChatRoomBody) => post<ChatRoom>('/chat/room', body),
  saveReadLog: (chatRoomId: number) => post<string>('/chat/read-log', { chatRoomId }),
};

/** pages read at most when catching up after a reconnect (older lines stay reachable by reopening the room) */
const CATCH_UP_PAGES = 5;

/** The room's messages after `afterId`, oldest first (what a reconnecting room missed), newest pages first. */
export async function messagesAfter(roomId: number, afterId: number): Promise<ChatMessage[]> {
  const newer: ChatMessage[] = [];
  let before: number | undefined;
  for (let page = 0; page < CATCH_UP_PAGES; page++) {
    const newestFirst = await chatApi.history(roomId, before);
    const after = newestFirst.filter((m) => m.messageId > afterId);
    newer.push(...after);
    if (after.length < newestFirst.length || newestFirst.length < HISTORY_LIMIT) break;
    before = newestFirst[newestFirst.length - 1].messageId;
  }
  return newer.reverse();
}

export const useChatRooms = () => useQuery({ queryKey: chatKeys.rooms, queryFn: chatApi.rooms });

/** An open room's name and history: read once when it opens (live messages come over the connection). */
const once = { gcTime: 0, retry: false } as const;
export const useRoom = (roomId: number, enabled: boolean) =>
  useQuery({ queryKey: chatKeys.room(roomId), queryFn: () => chatApi.room(roomId), enabled, ...once });
export const useRoomHistory = (roomId: number, enabled: boolean) =>
  useQuery({ queryKey: chatKeys.history(roomId), queryFn: () => chatApi.history(roomId), enabled, ...once });

export const useRoomExists = (groupId: number) =>
  useQuery({ queryKey: chatKeys.exists(groupId), queryFn: () => chatApi.exists(groupId) });

export const useRoomUnread = (roomId: number | null) =>
  useQuery({
    queryKey: chatKeys.unread(roomId ?? 0),
    queryFn: () => chatApi.unread(roomId!),
    enabled: roomId !== null,
    refetchInterval: 30_000,
  });

export function useCreateChatRoom(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (chatRoomName: string) => chatApi.create({ groupId, chatRoomName }),
    onSuccess: () => client.invalidateQueries({ queryKey: chatKeys.all }),
  });
}

/** Closing a room saves the last-read point; the list and the badges catch up after it. */
export function useSaveReadLog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: chatApi.saveReadLog,
    onSettled: () => client.invalidateQueries({ queryKey: chatKeys.all }),
  });
}
