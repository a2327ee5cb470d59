import { formatDate } from '../../shared/lib/format';
import { HiddenNotice } from '../../shared/ui/PageNotes';
import { firstLine, useNotices, type Notice } from './group-board-api';

interface NoticesProps {
  groupId: number;
  onOpen(notice: Notice): void;
}

/** The pinned notice at the top of the group page: its title and first line; a tap opens the whole notice. */
export function PinnedNotice({ groupId, onOpen }: NoticesProps) {
  const notices = useNotices(groupId);
  const pinned = notices.data?.find((n) => n.pinned);
  if (!pinned) return null;
  return (
    <button
      type="button"
      data-testid="pinned-notice"
      className="card flex w-full min-w-0 items-start gap-3 border-indigo-200 bg-indigo-50 p-3 text-left hover:bg-indigo-100"
      onClick={() => onOpen(pinned)}
    >
      <span className="shrink-0 rounded bg-indigo-600 px-1.5 py-0.5 text-xs font-semibold text-white">공지</span>
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-semibold">{pinned.title}</span>
        <span className="truncate text-sm text-gray-700">{firstLine(pinned.content)}</span>
      </span>
    </button>
  );
}

/** 공지: every notice (the pinned one first, then newest), each opening in the dialog; the admin writes here. */
export function NoticeList({ groupId, onOpen, onWrite }: NoticesProps & { onWrite?: () => void }) {
  const notices = useNotices(groupId);
  return (
    <section className="card flex flex-col gap-3 p-3 sm:p-5" aria-labelledby="notices-heading">
      <div className="flex items-center justify-between gap-2">
        <h2 id="notices-heading" className="text-lg font-semibold">
          공지
        </h2>
        {onWrite && (
          <button type="button" className="btn-primary px-3 py-1.5" onClick={onWrite}>
            공지 작성
          </button>
        )}
      </div>
      {notices.isPending && <p className="text-sm text-gray-600">불러오는 중...</p>}
      {notices.isError && (
        <p role="alert" className="flex items-center justify-between text-sm text-red-600">
          공지를 불러오지 못했습니다.
          <button type="button" className="btn-secondary px-2 py-1" onClick={() => void notices.refetch()}>
            다시 시도
          </button>
        </p>
      )}
      {notices.data?.length === 0 && <p className="py-2 text-center text-sm text-gray-600">등록된 공지가 없습니다.</p>}
      <ul className="flex flex-col divide-y divide-gray-100">
        {notices.data?.map((n) => (
          <li key={n.noticeId} data-testid="notice-item">
            <button
              type="button"
              className="flex w-full min-w-0 items-center gap-2 py-2.5 text-left hover:bg-gray-50"
              onClick={() => onOpen(n)}
            >
              {n.pinned && <span className="shrink-0 rounded bg-indigo-100 px-1.5 py-0.5 text-xs text-indigo-700">고정</span>}
              <span className="min-w-0 flex-1 truncate font-medium">{n.title}</span>
              <span className="shrink-0 text-xs text-gray-600">{formatDate(n.createdDateTime)}</span>
            </button>
            <HiddenNotice mark={n} what="공지" compact />
          </li>
        ))}
      </ul>
    </section>
  );
}
