import type { Broker, BrokerEvent } from './types.js';

/** One instance: events go straight to the local hub. */
export class MemoryBroker implements Broker {
  private handler: (event: BrokerEvent) => void = () => {};

  publish(event: BrokerEvent): void {
    this.handler(event);
  }

  onEvent(handler: (event: BrokerEvent) => void): void {
    this.handler = handler;
  }

  async close(): Promise<void> {}
}
