import type { Message, MessageItem, Page } from '@app/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { del, get } from '../../shared/api/client';
import { keys } from '../../shared/api/keys';

const messageKeys = keys.messages;

export const messagesApi = {
  inbox: (page: number) => get<Page<MessageItem>>(`/messages?page=${page}`),
  recent: () => get<MessageItem[]>('/messages/recent'),
  open: (id: number) => get<Message>(`/messages/${id}`),
  remove: (id: number) => del<void>(`/messages/${id}`),
};

export const SYSTEM_SENDER = '[시스템]';
export const WITHDRAWN_SENDER = '탈퇴한 사용자';

/** The dropdown's 5 newest, fetched fresh on opening; the badge is read again with them to stay in step. */
export function useRecentMessages() {
  const client = useQueryClient();
  useEffect(() => {
    void client.invalidateQueries({ queryKey: messageKeys.unreadCount });
  }, [client]);
  return useQuery({ queryKey: messageKeys.recent, queryFn: messagesApi.recent });
}

export const useInbox = (page: number) => useQuery({ queryKey: messageKeys.inbox(page), queryFn: () => messagesApi.inbox(page) });

/** Shows a 쪽지 read in every cached list at once, without waiting for a refetch. */
function markReadLocally(client: QueryClient, id: number) {
  const mark = (items: MessageItem[]) => items.map((m) => (m.messageId === id ? { ...m, read: true } : m));
  client.setQueriesData<Page<MessageItem>>({ queryKey: messageKeys.inboxPages }, (page) =>
    page ? { ...page, content: mark(page.content) } : page,
  );
  client.setQueryData<MessageItem[]>(messageKeys.recent, (items) => (items ? mark(items) : items));
}

/** Loads a 쪽지 (the server marks it read), then updates the lists and the badge. */
export function useOpenedMessage(id: number) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: keys.message(id), queryFn: () => messagesApi.open(id), gcTime: 0 });
  const loaded = query.isSuccess;
  useEffect(() => {
    if (!loaded) return;
    markReadLocally(client, id);
    void client.invalidateQueries({ queryKey: messageKeys.unreadCount });
  }, [loaded, client, id]);
  return query;
}

/** Deletes a 쪽지; succeeded or not, the inbox pages, the recent list and the unread count are read again. */
export function useDeleteMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: messagesApi.remove,
    onSettled: () => client.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
