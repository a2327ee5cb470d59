import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMe } from '../../shared/auth/useMe';
import { findMe, useGroup } from './api';
import { Calendar } from './Calendar';
import { CalendarFeedDialog } from './CalendarFeedDialog';
import { CompletedGroup } from './CompletedGroup';
import { CompleteGroupDialog, completeLabel } from './CompleteGroupDialog';
import { DayDialog } from './DayDialog';
import type { Notice } from './group-board-api';
import { GroupLoadError } from './GroupLoadError';
import { Links } from './Links';
import { NoticeDialog } from './NoticeDialog';
import { NoticeList, PinnedNotice } from './Notices';
import { finishOf } from './teams-api';
import { PageLoading } from '../../shared/ui/PageLoading';

export interface GroupSummary {
  id: number;
  name: string;
  admin: boolean;
}

interface GroupDetailPageProps {
  /** The chat button (with its unread badge) and room dialogs, next to the members button; the chat area fills it. */
  chat?: (group: GroupSummary) => ReactNode;
}

/**
 * /groups/{groupId}: name, a scrolling banner, description, the month calendar, members and chat; the
 * pinned notice on top, then 공지 and 자료 below the calendar (docs/api.md §9.2, §9.3); the admin's 프로젝트 완료 /
 * 스터디 완료, and a completed group's result, 팀원 평가 and showcase switches (§10.2).
 */
export default function GroupDetailPage({ chat }: GroupDetailPageProps) {
  const { groupId = '' } = useParams();
  const navigate = useNavigate();
  const group = useGroup(groupId);
  const myself = useMe();
  const [day, setDay] = useState<string | null>(null);
  const [feedOpen, setFeedOpen] = useState(false);
  const [completing, setCompleting] = useState(false);
  // the notice open in the dialog; 'new' while the admin writes one
  const [notice, setNotice] = useState<Notice | 'new' | null>(null);

  if (group.isPending) return <PageLoading />;
  if (group.isError) return <GroupLoadError error={group.error} onRetry={() => void group.refetch()} />;

  const g = group.data;
  const me = findMe(g.members, myself);
  const summary = { id: g.id, name: g.name, admin: me?.role === 'ADMIN' };
  const finish = finishOf(g);
  const completedAt = finish.completedDateTime;

  return (
    <div className="page flex flex-col gap-5">
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold break-words">{g.name}</h1>
          {finish.status === 'COMPLETED' && (
            <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-bold text-green-800">완료됨</span>
          )}
        </div>
        <div className="overflow-hidden rounded-lg bg-indigo-600 py-2 text-sm text-white" aria-hidden="true">
          <p className="marquee whitespace-nowrap">
            '{g.name}' 그룹에 오신 것을 환영합니다! 달력에 일정을 남기고 함께 목표를 이뤄보세요.
          </p>
        </div>
        <p className="whitespace-pre-wrap break-words text-gray-700">{g.description}</p>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" onClick={() => navigate(`/groups/${g.id}/members`)}>
            멤버 보기
          </button>
          <button type="button" className="btn-secondary" onClick={() => setFeedOpen(true)}>
            캘린더 구독
          </button>
          {summary.admin && finish.status === 'ACTIVE' && (
            <button type="button" className="btn-primary" onClick={() => setCompleting(true)}>
              {completeLabel(g.type)}
            </button>
          )}
          {/* last: it appears once the group's chat room is read, and must not move the buttons under a finger */}
          {chat?.(summary)}
        </div>
      </header>
      {finish.status === 'COMPLETED' && completedAt && (
        <CompletedGroup groupId={g.id} finish={{ ...finish, completedDateTime: completedAt }} admin={summary.admin} />
      )}
      <PinnedNotice groupId={g.id} onOpen={setNotice} />
      <Calendar groupId={groupId} onPickDay={setDay} />
      <NoticeList groupId={g.id} onOpen={setNotice} onWrite={summary.admin ? () => setNotice('new') : undefined} />
      <Links groupId={g.id} myId={me?.userId} admin={summary.admin} />
      {completing && <CompleteGroupDialog group={g} onClose={() => setCompleting(false)} />}
      {feedOpen && <CalendarFeedDialog groupId={g.id} onClose={() => setFeedOpen(false)} />}
      {day && <DayDialog groupId={g.id} date={day} myId={me?.userId} onClose={() => setDay(null)} />}
      {notice && (
        <NoticeDialog
          groupId={g.id}
          admin={summary.admin}
          notice={notice === 'new' ? undefined : notice}
          onClose={() => setNotice(null)}
        />
      )}
    </div>
  );
}
