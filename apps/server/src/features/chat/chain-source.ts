import { chatTopic } from '@app/contract';
import type { Db } from '../../db/client.js';
import type { ChainSource } from '../../realtime/chains.js';
import { roomMessageEvent } from '../../realtime/index.js';
import { presentMessage } from './presenter.js';
import { messagesAfter, newestMessageId, roomMemberIds } from './queries.js';

const ROOM_TOPIC = /^\/topic\/chat\/([1-9]\d{0,8})$/;
const roomIdOf = (destination: string) => Number(ROOM_TOPIC.exec(destination)![1]);

/** Room topics are chained by message id; their gaps are read from the database (realtime/chains.ts). */
export function roomChainSource(db: Db): ChainSource {
  return {
    chained: (destination) => ROOM_TOPIC.test(destination),
    newest: (destination) => newestMessageId(db, roomIdOf(destination)),
    async after(destination, afterId, limit) {
      const roomId = roomIdOf(destination);
      const [rows, members] = await Promise.all([messagesAfter(db, roomId, afterId, limit), roomMemberIds(db, roomId)]);
      let prev = afterId;
      const messages = rows.map((row) => {
        const event = roomMessageEvent(chatTopic(roomId), presentMessage(row), prev);
        prev = row.id;
        return event;
      });
      return { messages, allowed: new Set(members) };
    },
  };
}
