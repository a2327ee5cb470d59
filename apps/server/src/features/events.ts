import type { EventBus } from '../lib/event-bus.js';
import type { DirectMessage, SystemNote } from './messages/queries.js';

export interface WithdrawingUser {
  id: number;
  loginId: string | null;
  nickname: string;
}

/**
 * Cross-area reactions, typed by event name. A handler runs inside the emitter's transaction (it may write
 * with `scope.tx`, and it defers anything outside the database with `scope.afterCommit`), so an area reacts to
 * another area's change without that area importing it.
 */
export interface DomainEvents {
  /** A user joined a group (group creation: every member; invite: the invitee). */
  'group.memberJoined': { groupId: number; groupName: string; userId: number; nickname: string; joinedBy: 'CREATION' | 'INVITE' };
  /** A membership ended: leave, kick, or a withdrawal handled as a leave. `nickname` is the name before withdrawal. */
  'group.memberRemoved': {
    groupId: number;
    groupName: string;
    userId: number;
    nickname: string;
    reason: 'leave' | 'kick' | 'withdrawal';
  };
  /** A group is about to be deleted (its rows still exist). `memberIds` includes the admin. */
  'group.deleting': { groupId: number; groupName: string; adminId: number; memberIds: number[] };
  /**
   * Withdrawal is asked for (docs/api.md §7): a handler refuses it by throwing a typed error. Runs before anything
   * changes, with the user's posts already locked.
   */
  'account.withdrawalCheck': { user: WithdrawingUser };
  /** Withdrawal goes ahead: each area removes or releases what it keeps for the user, in this transaction. */
  'account.withdrawing': { user: WithdrawingUser };
  /**
   * Another area tells users something by a [시스템] 쪽지 (docs/api.md §4.1): the messages area stores one for each
   * receiver still active, in this transaction, in the order given: one text to several receivers, or `notes`
   * with a text each (stored by one statement either way).
   */
  'message.systemNotice': { receiverIds: number[]; note: Omit<SystemNote, 'receiverId'> } | { notes: SystemNote[] };
  /** A 쪽지 was stored for `receiverId` (a user's or a [시스템] one); whoever pushes it presents it. */
  'message.received': { receiverId: number; message: DirectMessage };
  /** Every session of the user ends (withdrawal, password reset): tokens are already refused once this commits. */
  'user.sessionsRevoked': { userId: number };
}

/**
 * When each area's `account.withdrawing` handler runs (lower first): the order is part of the rule, so it is
 * declared here, not left to the order in which features register.
 */
export const WITHDRAWAL_STEP = {
  /** an APPROVED application gives its seat back while the post it counts against still exists */
  applications: 1,
  /** then the user's posts without a group go (with their applications, tags and view records) */
  posts: 2,
  /** memberships end as leaves, and with them the user's schedules in each group and the chat lines */
  groups: 3,
  /** rows only the user has: bookmarks, chat read marks, application profiles, recovery codes */
  ownRows: 4,
  /** received 쪽지 last, with the user row locked against a 쪽지 being sent meanwhile */
  receivedMessages: 5,
} as const;

/** The app's bus: every cross-area reaction goes through it. */
export type AppEvents = EventBus<DomainEvents>;
