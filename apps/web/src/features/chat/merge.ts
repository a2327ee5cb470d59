import type { ChatMessage } from '@app/contract';

/** The messages of both lists, each once (by messageId), in messageId order. */
export function mergeMessages(shown: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return shown as ChatMessage[];
  const byId = new Map<number, ChatMessage>();
  for (const m of shown) byId.set(m.messageId, m);
  for (const m of incoming) if (!byId.has(m.messageId)) byId.set(m.messageId, m);
  return [...byId.values()].sort((a, b) => a.messageId - b.messageId);
}
