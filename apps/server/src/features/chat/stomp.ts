import { CHAT_MESSAGE_MAX, CHAT_SEND_DESTINATION, chatTopic, codePoints, KICK_QUEUE } from '@app/contract';
import type { AppContext } from '../../context.js';
import { TooManyRequests } from '../../lib/errors.js';
import { inOneStatement, type TxScope } from '../../lib/transaction.js';
import type { Limit } from '../../lib/rate-limit.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { StompError } from '../../realtime/texts.js';
import { roomChainSource } from './chain-source.js';
import { presentMessage } from './presenter.js';
import { appendMessage, isMemberOfRoom, type ChatLine } from './queries.js';
import { CHAT_TEXTS } from './texts.js';

const SEND_LIMIT: Limit = { name: 'stomp-send', max: 10, windowMs: 5000 };
// eslint-disable-next-line no-control-regex
const STORABLE_CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The room a user may use right now (exists, and the user is a current member), else the access text. */
async function roomForMember(ctx: AppContext, roomId: number, userId: number): Promise<number> {
  if (roomId <= 0 || !(await isMemberOfRoom(ctx.db, roomId, userId))) throw new StompError(CHAT_TEXTS.noAccess);
  return roomId;
}

function parseSend(body: string): { roomId: number; message: unknown } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new StompError(CHAT_TEXTS.badMessage);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new StompError(CHAT_TEXTS.badMessage);
  const { chatRoomId, message } = parsed as { chatRoomId?: unknown; message?: unknown };
  const roomId =
    typeof chatRoomId === 'number'
      ? chatRoomId
      : typeof chatRoomId === 'string' && /^\s*\d{1,12}\s*$/.test(chatRoomId)
        ? Number(chatRoomId)
        : NaN;
  if (!Number.isSafeInteger(roomId) || roomId <= 0) throw new StompError(CHAT_TEXTS.badMessage);
  if (message !== undefined && message !== null && typeof message !== 'string') throw new StompError(CHAT_TEXTS.badMessage);
  return { roomId: roomId > 2_147_483_647 ? -1 : roomId, message };
}

/** The text's refusal (docs/api.md §5.4, after the access check), or null when it may be stored. */
function textRefusal(text: string): string | null {
  if (text === '') return CHAT_TEXTS.emptyMessage;
  if (codePoints(text) > CHAT_MESSAGE_MAX) return CHAT_TEXTS.messageTooLong;
  if (STORABLE_CONTROL_CHARS.test(text)) return CHAT_TEXTS.badMessage;
  return null;
}

/** After commit: the message on the room's topic, on every instance (the socket edge presents it). */
export function publishAfterCommit(ctx: AppContext, scope: TxScope, roomId: number, stored: { message: ChatLine; prev: number }) {
  scope.afterCommit(() => ctx.realtime.publishRoomMessage(chatTopic(roomId), presentMessage(stored.message), stored.prev));
}

/**
 * SEND to /app/chat.sendMessage, refused in the order of docs/api.md §5.4: access, the text, the rate limit,
 * stored, then published after commit. The membership query and the rate-limit count (a Redis round trip with
 * several instances) run together when the text is storable; a refusal still follows that order.
 */
export async function sendChatMessage(ctx: AppContext, user: AuthUser, body: string): Promise<void> {
  const { roomId, message } = parseSend(body);
  const text = typeof message === 'string' ? message.trim() : '';
  const refusal = textRefusal(text);
  const [access, limited] = await Promise.allSettled([
    roomForMember(ctx, roomId, user.id),
    refusal === null ? ctx.limiter.consume([{ limit: SEND_LIMIT, key: `u:${user.id}` }]) : Promise.resolve(),
  ]);
  if (access.status === 'rejected') throw access.reason;
  if (refusal !== null) throw new StompError(refusal);
  if (limited.status === 'rejected') {
    if (limited.reason instanceof TooManyRequests) throw new StompError(limited.reason.message);
    throw limited.reason;
  }
  // one statement, no transaction of its own: membership again under the room lock (a kick that committed
  // meanwhile wins); its only effect is the publish after commit
  await inOneStatement(ctx.db, ctx.log, ctx.clock.now(), async (scope) => {
    const stored = await appendMessage(scope.tx, roomId, user.id, text, scope.now, user.id);
    if (!stored) throw new StompError(CHAT_TEXTS.noAccess);
    publishAfterCommit(ctx, scope, roomId, stored);
  });
}

/** Chat's destinations (docs/api.md §5.3). */
export function registerChatDestinations(ctx: AppContext) {
  const { destinations } = ctx.realtime;
  destinations.topic(/^\/topic\/chat\/(.*)$/, async (user, match) => {
    // only the canonical id: the topic name is the key deliveries are matched on
    await roomForMember(ctx, /^[1-9]\d{0,8}$/.test(match[1]) ? Number(match[1]) : 0, user.id);
  });
  destinations.userQueue(KICK_QUEUE);
  destinations.send(CHAT_SEND_DESTINATION, (user, body) => sendChatMessage(ctx, user, body));
  ctx.realtime.useChainSource(roomChainSource(ctx.db));
}
