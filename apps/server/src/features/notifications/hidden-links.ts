import { matchPublicRoute } from '@app/contract';
import type { AppContext } from '../../context.js';
import { boardHiddenFrom } from '../boards/queries.js';
import { noticesHiddenFrom } from '../notices/queries.js';
import { newNoticeMessage } from '../notices/texts.js';
import { postHiddenFrom } from '../posts/queries.js';

const GROUP_PAGE = /^\/groups\/(\d{1,9})$/;

/**
 * Whether an e-mail or push still to be sent would announce content hidden since its 쪽지 was written (docs/api.md
 * §10.4): its link leads to a post or board hidden from the receiver, or it is the new-notice 쪽지 of a notice
 * hidden since. Its author is still told (they read it in place).
 */
export async function announcesHidden(ctx: AppContext, note: { link: string; content: string }, receiverId: number) {
  const match = matchPublicRoute(note.link);
  if (match && match !== 'not-found' && match.id !== null) {
    if (match.name === 'recruitment' || match.name === 'studyGroup') return postHiddenFrom(ctx.db, match.id, receiverId);
    if (match.name === 'board') return boardHiddenFrom(ctx.db, match.id, receiverId);
  }
  const group = GROUP_PAGE.exec(note.link);
  if (!group) return false;
  const hidden = await noticesHiddenFrom(ctx.db, Number(group[1]), receiverId);
  return hidden.some((n) => newNoticeMessage(n.groupName, n.title) === note.content);
}
