import { chatTopic, KICK_QUEUE } from '@app/contract';
import type { AppContext } from '../../context.js';
import { WITHDRAWAL_STEP } from '../events.js';
import { appendMessage, deleteReadLog, deleteReadLogsOf, findRoomOfGroup, newestMessageId } from './queries.js';
import { markRead } from './service.js';
import { publishAfterCommit, registerChatDestinations } from './stomp.js';
import { CHAT_TEXTS, SYSTEM_LINES } from './texts.js';

/**
 * Chat's reactions to other areas (inside their transactions; sockets only after commit), and its STOMP
 * destinations.
 */
export function chatHooks(ctx: AppContext) {
  registerChatDestinations(ctx);

  ctx.events.on('group.memberJoined', async (scope, { groupId, userId, nickname, joinedBy }) => {
    const room = await findRoomOfGroup(scope.tx, groupId);
    if (!room) return;
    // the read log first, so the invite line is the invitee's one unread message (docs/api.md §3.6)
    await markRead(scope.tx, userId, room.id, await newestMessageId(scope.tx, room.id), scope.now);
    if (joinedBy !== 'INVITE') return;
    const stored = await appendMessage(scope.tx, room.id, ctx.systemUserId, SYSTEM_LINES.invite(nickname), scope.now);
    if (stored) publishAfterCommit(ctx, scope, room.id, stored);
  });

  ctx.events.on('group.memberRemoved', async (scope, { groupId, userId, nickname, reason }) => {
    const room = await findRoomOfGroup(scope.tx, groupId);
    if (!room) return;
    await deleteReadLog(scope.tx, userId, room.id);
    const stored = await appendMessage(scope.tx, room.id, ctx.systemUserId, SYSTEM_LINES[reason](nickname), scope.now);
    // docs/api.md §5.5: the removal first, on every instance, so the removed user never receives the line
    scope.afterCommit(() => ctx.realtime.dropSubscriptions(userId, chatTopic(room.id)));
    if (stored) publishAfterCommit(ctx, scope, room.id, stored);
    if (reason === 'kick') scope.afterCommit(() => ctx.realtime.pushToUser(userId, KICK_QUEUE, CHAT_TEXTS.kicked));
  });

  ctx.events.on('group.deleting', async (scope, { groupId, adminId, memberIds }) => {
    const room = await findRoomOfGroup(scope.tx, groupId);
    if (!room) return;
    // the room, its messages and read logs go with the group (foreign keys cascade)
    scope.afterCommit(() => {
      for (const userId of memberIds) ctx.realtime.dropSubscriptions(userId, chatTopic(room.id));
      for (const userId of memberIds)
        if (userId !== adminId) ctx.realtime.pushToUser(userId, KICK_QUEUE, CHAT_TEXTS.groupDeleted);
    });
  });

  ctx.events.on('account.withdrawing', (scope, { user }) => deleteReadLogsOf(scope.tx, user.id), WITHDRAWAL_STEP.ownRows);

  ctx.events.on('user.sessionsRevoked', (scope, { userId }) => {
    scope.afterCommit(() => ctx.realtime.closeUserSockets(userId));
  });
}
