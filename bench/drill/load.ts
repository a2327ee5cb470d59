/**
 * The load both drills put through the balancer: readers and writers over HTTP (traffic.ts) and chat members in
 * their rooms (chat-members.ts), members taking turns to send `chatRate` lines a second over all rooms.
 */
import { newestOpen, type LiveSetup } from '../live.js';
import { ChatMember } from './chat-members.js';
import { sleep } from './cluster.js';
import { Traffic } from './traffic.js';

export interface LoadRates {
  reads: number;
  writes: number;
  chatLines: number;
}

export class DrillLoad {
  private chatting = true;
  private chat: Promise<void> = Promise.resolve();

  private constructor(
    readonly traffic: Traffic,
    readonly members: ChatMember[],
  ) {}

  /** Subscribes every member (through `base`), then starts readers, writers and the chat. */
  static async start(
    base: string,
    rooms: Array<{ roomId: number; tokens: string[] }>,
    live: LiveSetup,
    rates: LoadRates,
    keepWrites = false,
  ): Promise<DrillLoad> {
    const targets = await newestOpen(base);
    const recruitments = targets.filter((t) => t.path.includes('/recruitments/')).map((t) => t.id);
    const members = rooms.flatMap((room, r) =>
      room.tokens.map((token, i) => new ChatMember(base, token, room.roomId, `r${r}m${i}`)),
    );
    await Promise.all(members.map((m) => m.start()));
    const load = new DrillLoad(new Traffic(base, keepWrites), members);
    load.traffic.readers(rates.reads, targets);
    load.traffic.writers(rates.writes, live.writers, recruitments, live.boardId);
    load.chat = (async () => {
      for (let n = 0; load.chatting; n++) {
        members[(n * 7) % members.length].send();
        await sleep(1000 / rates.chatLines);
      }
    })();
    return load;
  }

  /** Stops sending and waits for every answer. */
  async stopSending() {
    this.chatting = false;
    await this.chat;
    await this.traffic.stop();
  }

  /** Closes the members' sockets (after the last lines have had time to arrive). */
  async closeMembers() {
    await Promise.all(this.members.map((m) => m.stop()));
  }
}
