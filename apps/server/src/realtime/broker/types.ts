/**
 * What one instance tells every instance (its own included). Each instance applies an event to its local
 * sockets only (docs/api.md §5.6).
 */
export type BrokerEvent =
  /** a MESSAGE for every local subscriber of `destination`; `seq` chains a room's messages in id order */
  | {
      type: 'message';
      destination: string;
      contentType: string;
      body: string;
      messageId: string;
      seq?: { id: number; prev: number };
    }
  /** remove every subscription of the user to `destination` */
  | { type: 'drop'; userId: number; destination: string }
  /** a MESSAGE on a user destination (`/user/queue/kick`) to every socket of the user */
  | { type: 'push'; userId: number; destination: string; contentType: string; body: string }
  /** close every socket of the user (sessions revoked) */
  | { type: 'close'; userId: number }
  /**
   * events may have been lost on the way (an instance could not publish, or its subscription was
   * interrupted): every instance reads the tail of each room it has subscribers in from the database
   */
  | { type: 'resync' };

export interface Broker {
  /** Applies the event here at once and sends it to the other instances. Never throws. */
  publish(event: BrokerEvent): void;
  /** The one consumer of events (the hub of this instance). */
  onEvent(handler: (event: BrokerEvent) => void): void;
  close(): Promise<void>;
}
