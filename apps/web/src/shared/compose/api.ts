import type { Message, SendMessageBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../api/client';

/** Every 쪽지 list is cached under ['messages'] (features/messages); a 쪽지 to oneself shows up at once. */
const MESSAGES_PREFIX = ['messages'];

/** Sends a 쪽지 and refreshes every cached 쪽지 list. */
export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMessageBody) => post<Message>('/messages', body),
    onSuccess: () => client.invalidateQueries({ queryKey: MESSAGES_PREFIX }),
  });
}
