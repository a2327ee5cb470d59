import type { TxScope } from './transaction.js';

/** A handler of event `K` of the event list `E`: it runs inside the emitter's transaction. */
export type EventHandler<E, K extends keyof E> = (scope: TxScope, payload: E[K]) => Promise<void> | void;

/**
 * Typed reactions inside the emitter's transaction: a handler may write with `scope.tx` and defers anything outside
 * the database with `scope.afterCommit`. `E` maps each event's name to its payload.
 */
export class EventBus<E> {
  private readonly handlers = new Map<keyof E, Array<{ handler: EventHandler<E, never>; step: number }>>();

  /** `step` orders the handlers of one event where that matters; ties keep registration order. */
  on<K extends keyof E>(name: K, handler: EventHandler<E, K>, step = 0): void {
    const list = [...(this.handlers.get(name) ?? []), { handler: handler as EventHandler<E, never>, step }];
    this.handlers.set(
      name,
      list.sort((a, b) => a.step - b.step),
    );
  }

  /** Runs every handler of `name`, by step, inside the emitter's transaction. */
  async emit<K extends keyof E>(scope: TxScope, name: K, payload: E[K]): Promise<void> {
    for (const { handler } of this.handlers.get(name) ?? []) await (handler as EventHandler<E, K>)(scope, payload);
  }
}
