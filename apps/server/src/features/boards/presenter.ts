import { hiddenMarkOf, type Board, type BoardItem, type Reply } from '@app/contract';
import { seoulDateTime } from '../../lib/clock.js';
import { displayName } from '../account/presenter.js';

export interface AuthorColumns {
  authorNickname: string | null;
  authorSystem: boolean;
  authorWithdrawnAt: Date | null;
}

/** Set on a hidden board or reply, which only its author and operators read (docs/api.md §10.4). */
export interface HiddenColumns {
  hiddenAt?: Date | null;
  hiddenReason?: string | null;
}
const hiddenOf = (r: HiddenColumns) => hiddenMarkOf({ hiddenAt: r.hiddenAt ?? null, hiddenReason: r.hiddenReason ?? null });

const authorName = (r: AuthorColumns) =>
  displayName({ nickname: r.authorNickname, system: r.authorSystem, withdrawnAt: r.authorWithdrawnAt });

export interface BoardItemRow extends AuthorColumns, HiddenColumns {
  id: number;
  title: string;
  createdAt: Date;
  views: number;
  replyCount: number;
}

export function presentBoardItem(r: BoardItemRow): BoardItem {
  return {
    boardId: r.id,
    title: r.title,
    authorNickname: authorName(r),
    createdAt: seoulDateTime(r.createdAt),
    views: r.views,
    replyCount: r.replyCount,
    ...hiddenOf(r),
  };
}

export interface BoardRowWithRefs extends BoardItemRow {
  content: string;
  updatedAt: Date;
  authorId: number;
  authorLoginId: string | null;
  categoryId: number;
  categoryName: string;
  categoryDescription: string;
}

/** `author.loginId` only for the author's own view (docs/api.md §3.10, §8.10). */
export function presentBoard(r: BoardRowWithRefs, viewerId: number | null): Board {
  const nickname = authorName(r);
  const own = viewerId !== null && viewerId === r.authorId && !r.authorWithdrawnAt;
  return {
    id: r.id,
    boardId: r.id,
    title: r.title,
    content: r.content,
    views: r.views,
    replyCount: r.replyCount,
    createdAt: seoulDateTime(r.createdAt),
    updatedAt: seoulDateTime(r.updatedAt),
    author: { id: r.authorId, loginId: own ? r.authorLoginId : null, nickname },
    authorNickname: nickname,
    category: { id: r.categoryId, name: r.categoryName, description: r.categoryDescription },
    ...hiddenOf(r),
  };
}

export interface ReplyRowWithAuthor extends AuthorColumns, HiddenColumns {
  id: number;
  content: string;
  edited: boolean;
  boardId: number;
  authorId: number;
  parentReplyId: number | null;
  createdAt: Date;
}

export function presentReply(r: ReplyRowWithAuthor): Reply {
  return {
    id: r.id,
    content: r.content,
    edited: r.edited,
    boardId: r.boardId,
    authorId: r.authorId,
    authorNickname: authorName(r),
    parentReplyId: r.parentReplyId ?? null,
    createdAt: seoulDateTime(r.createdAt),
    ...hiddenOf(r),
  };
}
