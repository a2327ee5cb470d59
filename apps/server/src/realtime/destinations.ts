import type { AuthUser } from '../lib/auth-user.js';
import { STOMP_TEXTS, StompError } from './texts.js';

/** Throws StompError with the refusal text when the user may not subscribe. */
type SubscribeCheck = (user: AuthUser, match: RegExpExecArray) => Promise<void>;
type SendHandler = (user: AuthUser, body: string) => Promise<void>;

/**
 * Destinations that features register (docs/api.md §5.3): topic patterns with their SUBSCRIBE check, user
 * queues (always allowed; only the user's own pushes arrive), and SEND handlers. Anything else is refused.
 */
export class Destinations {
  private readonly topics: Array<{ pattern: RegExp; check: SubscribeCheck }> = [];
  private readonly userQueues = new Set<string>();
  private readonly senders = new Map<string, SendHandler>();

  topic(pattern: RegExp, check: SubscribeCheck) {
    this.topics.push({ pattern, check });
  }

  userQueue(destination: string) {
    this.userQueues.add(destination);
  }

  send(destination: string, handler: SendHandler) {
    this.senders.set(destination, handler);
  }

  async authorizeSubscribe(user: AuthUser, destination: string): Promise<void> {
    if (this.userQueues.has(destination)) return;
    for (const { pattern, check } of this.topics) {
      const match = pattern.exec(destination);
      if (match) return check(user, match);
    }
    throw new StompError(STOMP_TEXTS.unsupportedDestination);
  }

  async handleSend(user: AuthUser, destination: string, body: string): Promise<void> {
    const handler = this.senders.get(destination);
    if (!handler) throw new StompError(STOMP_TEXTS.unsupportedDestination);
    await handler(user, body);
  }
}
