import { Client } from '@stomp/stompjs';
import type { ChatMessage } from '@app/contract';
import SockJS from 'sockjs-client';

export interface ChatHandlers {
  onMessage(message: ChatMessage): void;
  /** a push on /user/queue/kick (kick or group deletion): its text */
  onKick(text: string): void;
  /** the server refused a frame (ERROR); the socket closes after it */
  onError(text: string): void;
  onOpenChange(open: boolean): void;
}

export interface ChatConnection {
  send(text: string): boolean;
  close(): void;
}

/**
 * STOMP over SockJS to /ws/chat with the token in the query (spec 8: heart-beat 10 s, no reconnect).
 * The room topic carries JSON chat messages; the kick queue carries plain text.
 */
export function connectChat(roomId: number, token: string, handlers: ChatHandlers): ChatConnection {
  const client = new Client({
    webSocketFactory: () => new SockJS(`/ws/chat?token=${encodeURIComponent(token)}`),
    reconnectDelay: 0,
    heartbeatIncoming: 10_000,
    heartbeatOutgoing: 10_000,
    onConnect: () => {
      client.subscribe(`/topic/chat/${roomId}`, (frame) => handlers.onMessage(JSON.parse(frame.body) as ChatMessage));
      client.subscribe('/user/queue/kick', (frame) => handlers.onKick(frame.body));
      handlers.onOpenChange(true);
    },
    onStompError: (frame) => handlers.onError(frame.headers.message ?? frame.body),
    onWebSocketClose: () => handlers.onOpenChange(false),
  });
  client.activate();
  return {
    send(text) {
      if (!client.connected) return false;
      client.publish({ destination: '/app/chat.sendMessage', body: JSON.stringify({ chatRoomId: roomId, message: text }) });
      return true;
    },
    close: () => void client.deactivate(),
  };
}
