import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../shared/auth/store';
import { useMe } from '../../shared/auth/useMe';
import { formatDateTime, formatDay, formatPhone } from '../../shared/lib/format';
import { ActionMenu } from '../../shared/ui/ActionMenu';
import { DdayBadge } from '../../shared/ui/DdayBadge';
import { HiddenNotice } from '../../shared/ui/PageNotes';
import { InfoRows } from '../../shared/ui/InfoRows';
import { ReportMenu } from '../../shared/report/ReportMenu';
import { SkeletonDetail } from '../../shared/ui/Skeleton';
import { useMyApplicationTo, usePostDetail } from './api';
import { BookmarkButton } from './BookmarkButton';
import { useCancelApplication } from './cancel-application';
import { useBookmarkState } from './bookmarks';
import type { PostKind } from './kinds';
import { usePostActions } from './usePostActions';

const LOAD_FAILED = '공고 정보를 불러오는 데 실패했습니다.';

interface Props {
  kind: PostKind;
  /** 쪽지 보내기 to the author: the 쪽지 area's compose dialog, composed in by the app */
  composeMessage(receiverName: string, onClose: () => void): ReactNode;
}

/** Project and study-group detail: the view is counted once per browser before the post is read. */
export function PostDetailPage({ kind, composeMessage }: Props) {
  const id = useParams()[kind.idParam] ?? '';
  const navigate = useNavigate();
  const { token } = useAuth();
  const me = useMe();
  const { needLogin, apply, close, remove, pending } = usePostActions(kind, id);
  const [composing, setComposing] = useState(false);
  const application = useMyApplicationTo(Number(id), !!token);
  const cancelling = useCancelApplication();
  const { data: bookmark } = useBookmarkState(Number(id));

  const { data: post, isError } = usePostDetail(kind, id);

  useEffect(() => {
    if (!isError) return;
    alert(LOAD_FAILED);
    navigate(kind.listPath, { replace: true });
  }, [isError, kind, navigate]);

  if (!post) return <SkeletonDetail />;

  const isAuthor = !!me && me.nickname === post.creatorNickname;

  const author = (
    <Link
      to={`/users/by-nickname/${encodeURIComponent(post.creatorNickname)}`}
      className="underline decoration-gray-300 underline-offset-4 hover:decoration-current"
    >
      {post.creatorNickname}
    </Link>
  );
  const rows: Array<[string, ReactNode]> = [
    ['주제', post.topic],
    ['모집 인원', `${post.currentMembers}/${post.totalMembers}명`],
    ['마감일', formatDay(post.dueDate)],
    ...(post.startDate
      ? ([['스터디 기간', `${formatDay(post.startDate)} ~ ${formatDay(post.endDate)}`]] as Array<[string, ReactNode]>)
      : []),
    ['작성자', author],
    ['작성일', formatDateTime(post.createdDateTime)],
    ['연락처', post.creatorContact === null ? '로그인 후 확인할 수 있습니다.' : formatPhone(post.creatorContact)],
    ['조회수', String(post.views)],
  ];

  return (
    <div className="page">
      <article className="card mx-auto flex max-w-3xl flex-col gap-6 p-6 sm:p-8">
        <HiddenNotice mark={post} what="공고" />
        <header className="flex items-start justify-between gap-4">
          <div className="flex flex-col gap-2">
            <span className="text-sm text-indigo-600">{kind.name} 공고</span>
            <h1 className="text-2xl font-bold break-keep">{post.title}</h1>
          </div>
          <div className="flex items-center gap-2">
            <DdayBadge dueDate={post.dueDate} variant="detail" />
            {bookmark && (
              <BookmarkButton postId={post.id} bookmarked={bookmark.bookmarked} count={bookmark.bookmarkCount} className="px-2" />
            )}
            {isAuthor && (
              <ActionMenu
                label="공고 관리"
                actions={[
                  { label: '수정', onSelect: () => navigate(kind.editPath(id)) },
                  { label: '마감', onSelect: close, disabled: pending.close },
                  { label: '삭제', onSelect: remove, danger: true, disabled: pending.remove },
                ]}
              />
            )}
            {me && !isAuthor && <ReportMenu label="공고 메뉴" targetType="POST" targetId={post.id} />}
          </div>
        </header>

        <InfoRows rows={rows} testIdPrefix="post" gap="gap-y-2" />

        {post.tags && post.tags.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="태그">
            {post.tags.map((t) => (
              <li key={t} className="rounded-full bg-indigo-50 px-3 py-1 text-xs text-indigo-700">
                #{t}
              </li>
            ))}
          </ul>
        )}

        <section
          className="whitespace-pre-wrap break-words border-t border-gray-100 pt-6 leading-relaxed"
          data-testid="post-description"
        >
          {post.description}
        </section>

        <footer className="flex flex-wrap justify-between gap-2 border-t border-gray-100 pt-6">
          <button type="button" className="btn-secondary" onClick={() => navigate(kind.listPath)}>
            뒤로가기
          </button>
          {!isAuthor && (
            <div className="flex gap-2">
              <button type="button" className="btn-secondary" onClick={() => !needLogin() && setComposing(true)}>
                쪽지 보내기
              </button>
              {application?.status === 'PENDING' && (
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={cancelling.pending}
                  onClick={() => cancelling.cancel(application.applicationId)}
                >
                  지원 취소
                </button>
              )}
              {application ? (
                <button type="button" className="btn-primary" disabled>
                  지원 완료
                </button>
              ) : (
                <button type="button" className="btn-primary" disabled={pending.apply} aria-busy={pending.apply} onClick={apply}>
                  지원하기
                </button>
              )}
            </div>
          )}
        </footer>
      </article>
      {composing && composeMessage(post.creatorNickname, () => setComposing(false))}
    </div>
  );
}
