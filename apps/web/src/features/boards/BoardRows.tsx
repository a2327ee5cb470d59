import type { BoardItem } from '@app/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatWhen } from '../../shared/lib/format';
import { useNow } from '../../shared/lib/now';
import { EmptyState } from '../../shared/ui/EmptyState';
import { HiddenNotice } from '../../shared/ui/PageNotes';
import { Highlight } from '../../shared/search/Highlight';

/**
 * Board rows: title with reply count, author, views and created time. A column table from sm up; on a phone
 * each row stacks (the title on its own full-width lines, the rest in one small line under it).
 */
export function BoardRows({ items, empty, emptyAction }: { items: BoardItem[]; empty: string; emptyAction?: ReactNode }) {
  const now = useNow();
  if (items.length === 0) return <EmptyState text={empty}>{emptyAction}</EmptyState>;
  const columns = 'sm:grid sm:grid-cols-[minmax(0,1fr)_9rem_5rem_8rem] sm:items-center sm:gap-4';
  return (
    <div className="text-sm" data-testid="board-rows">
      <div className={`hidden border-b border-gray-200 px-4 py-3 font-medium text-gray-600 ${columns}`} aria-hidden="true">
        <span>제목</span>
        <span>작성자</span>
        <span className="text-right">조회수</span>
        <span className="text-right">작성일</span>
      </div>
      <ul className="divide-y divide-gray-100">
        {items.map((b) => (
          <li key={b.boardId} className={`relative px-4 py-3 hover:bg-gray-50 ${columns}`} data-testid="board-row">
            <div className="min-w-0 break-keep">
              {/* the link covers the whole row: a tap anywhere on it opens the post */}
              <Link to={`/boards/${b.boardId}`} className="font-medium after:absolute after:inset-0 hover:text-indigo-700">
                <Highlight text={b.title} field="title" />
              </Link>
              <span className="ml-1.5 text-indigo-700" aria-label={`댓글 ${b.replyCount}개`}>
                [{b.replyCount}]
              </span>
              {/* only in my own list: nobody else is shown a hidden post */}
              <HiddenNotice mark={b} what="글" compact />
            </div>
            <div className="mt-1 flex gap-2 text-xs text-gray-600 sm:contents sm:text-sm">
              <span className="truncate text-gray-700">
                <Highlight text={b.authorNickname} field="creator" />
              </span>
              <span className="sm:text-right">
                <span className="sm:hidden">조회 </span>
                {b.views}
              </span>
              <span className="sm:text-right">{formatWhen(b.createdAt, now)}</span>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
