import type { Message, SendMessageBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../shared/api/client';
import { keys } from '../../shared/api/keys';

// Beside api.ts, not in it: api.ts is in the first load (the header's unread badge), sending is not.

/** Sends a 쪽지 and refreshes every cached 쪽지 list (a 쪽지 to oneself shows up at once). */
export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMessageBody) => post<Message>('/messages', body),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.messages.all }),
  });
}
