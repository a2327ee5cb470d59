import { CHAT_SEND_DESTINATION, chatTopic, KICK_QUEUE, type ChatMessage } from '@app/contract';
import { getRealtime } from '../../shared/realtime';
import type { RealtimeSession } from '../../shared/realtime/client';

export interface ChatHandlers {
  onMessage(message: ChatMessage): void;
  /** a push on /user/queue/kick (kick or group deletion): its text */
  onKick(text: string): void;
  /** the server refused a frame (ERROR); the socket closes after it and the room reconnects */
  onError(text: string): void;
  /** the server refused the room's subscription (no longer a member): the room is over */
  onRefused(text: string): void;
  /** true when subscribed on a socket (again after each reconnect), false while it is down */
  onOpenChange(open: boolean): void;
}

export interface ChatConnection {
  send(text: string): boolean;
  close(): void;
}

/**
 * A room on the page's shared realtime connection (heart-beat 10 s). When the socket drops the room is
 * subscribed again on the next one (the connection retries with backoff), and `onOpenChange` tells
 * the room when to read what it missed. The room topic carries JSON chat messages; the kick queue plain text.
 */
export function connectChat(roomId: number, token: string, handlers: ChatHandlers): ChatConnection {
  let session: RealtimeSession | null = null;
  let closed = false;
  getRealtime().then(
    (realtime) => {
      if (closed) return;
      session = realtime.session(token, {
        subscriptions: [
          { destination: chatTopic(roomId), onMessage: (body) => handlers.onMessage(JSON.parse(body) as ChatMessage) },
          { destination: KICK_QUEUE, onMessage: (body) => handlers.onKick(body) },
        ],
        onOpenChange: handlers.onOpenChange,
        onError: handlers.onError,
        onRefused: handlers.onRefused,
      });
    },
    () => handlers.onOpenChange(false),
  );
  return {
    send: (text) => session?.publish(CHAT_SEND_DESTINATION, JSON.stringify({ chatRoomId: roomId, message: text })) ?? false,
    close() {
      closed = true;
      session?.end();
    },
  };
}
