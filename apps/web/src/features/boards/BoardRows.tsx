import type { BoardItem } from '@app/contract';
import { Link } from 'react-router';
import { EmptyState } from '../../shared/ui/EmptyState';
import { formatDateTime } from '../../shared/lib/format';

/** Board rows: title with reply count, author, views and created time. */
export function BoardRows({ items, empty }: { items: BoardItem[] | undefined; empty: string }) {
  if (!items) return <div className="h-40" />;
  if (items.length === 0) return <EmptyState text={empty} />;
  return (
    <table className="w-full text-sm" data-testid="board-rows">
      <thead className="border-b border-gray-200 text-gray-500">
        <tr>
          <th className="px-4 py-3 text-left font-medium">제목</th>
          <th className="w-36 px-4 py-3 text-left font-medium">작성자</th>
          <th className="w-20 px-4 py-3 text-right font-medium">조회수</th>
          <th className="w-40 px-4 py-3 text-right font-medium">작성일</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-100">
        {items.map((b) => (
          <tr key={b.boardId} className="hover:bg-gray-50" data-testid="board-row">
            <td className="px-4 py-3">
              <Link to={`/boards/${b.boardId}`} className="font-medium hover:text-indigo-600">
                {b.title}
              </Link>
              <span className="ml-2 text-indigo-600" aria-label={`댓글 ${b.replyCount}개`}>
                [{b.replyCount}]
              </span>
            </td>
            <td className="truncate px-4 py-3 text-gray-700">{b.authorNickname}</td>
            <td className="px-4 py-3 text-right text-gray-500">{b.views}</td>
            <td className="px-4 py-3 text-right text-gray-500">{formatDateTime(b.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
