import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { alertFailure, errorText } from '../../shared/api/client';
import { formatDay } from '../../shared/lib/format';
import { EmptyState } from '../../shared/ui/EmptyState';
import { HiddenNotice } from '../../shared/ui/PageNotes';
import { LoadError } from '../../shared/ui/LoadError';
import { SkeletonCards } from '../../shared/ui/Skeleton';
import { useDeleteMyPost, useMyPosts, type MyPost } from './api';
import { CreateGroupDialog } from './CreateGroupDialog';
import { RECRUITMENT, STUDY_GROUP } from './kinds';

const kindOf = (p: MyPost) => (p.postType === 'RECRUITMENT' ? RECRUITMENT : STUDY_GROUP);

/** '내 공고 리스트': each card shows its actions as buttons (view post and applicants; a closed one: group, delete). */
export default function MyPostsPage() {
  const navigate = useNavigate();
  const { data, isError, isPending, refetch } = useMyPosts();
  const deleting = useDeleteMyPost();
  const [grouping, setGrouping] = useState<MyPost | null>(null);
  const [created, setCreated] = useState<{ id: number; name: string } | null>(null);

  useEffect(() => {
    if (isError) alert('내 공고 정보를 불러오지 못했습니다.');
  }, [isError]);

  const remove = (p: MyPost) => {
    if (!confirm('정말 이 공고를 삭제하시겠습니까?')) return;
    deleting.mutate(p.basePostId, {
      onSuccess: () => alert('공고가 삭제되었습니다.'),
      onError: (e) => alertFailure(e, `삭제 실패: ${errorText(e)}`),
    });
  };

  const action = 'btn-secondary w-full';

  return (
    <div className="page flex flex-col gap-6">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">내 공고 리스트</h1>
        <button type="button" className="btn-secondary" onClick={() => navigate('/')}>
          뒤로가기
        </button>
      </div>

      {created && (
        <div className="card flex items-center justify-between border-indigo-200 bg-indigo-50 p-4 text-sm" role="status">
          <span>그룹 '{created.name}'이(가) 생성되었습니다.</span>
          <Link to={`/groups/${created.id}`} className="btn-primary">
            그룹 페이지로 이동
          </Link>
        </div>
      )}

      {isPending && <SkeletonCards />}
      {isError && <LoadError onRetry={() => void refetch()} />}
      {data && data.length === 0 && (
        <EmptyState text="등록한 공고가 없습니다.">
          <div className="flex gap-2">
            <Link to="/recruitment/register" className="btn-primary">
              프로젝트 공고 쓰기
            </Link>
            <Link to="/study-group/register" className="btn-secondary">
              스터디 공고 쓰기
            </Link>
          </div>
        </EmptyState>
      )}
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
        {data?.map((p) => (
          <li
            key={p.basePostId}
            className={`card flex h-full flex-col p-4 ${p.inactive ? 'bg-gray-100' : ''}`}
            data-testid="my-post"
            data-inactive={p.inactive}
          >
            <div className="flex items-center justify-between text-xs">
              <span className={`font-semibold ${p.postType === 'RECRUITMENT' ? 'text-indigo-700' : 'text-amber-800'}`}>
                {kindOf(p).name}
              </span>
              {p.inactive && <span className="rounded-full bg-gray-300 px-2 py-0.5 font-bold text-gray-800">마감</span>}
            </div>
            <h3 className="mt-2 line-clamp-2 font-semibold break-keep">{p.title}</h3>
            <p className="mt-1 truncate text-xs text-gray-600">{p.topic}</p>
            <HiddenNotice mark={p} what="공고" compact />
            <p className="mt-3 text-xs text-gray-600">
              {p.currentMembers}/{p.totalMembers}명 · 지원자 {p.applicantCount}명
            </p>
            <p className="text-xs text-gray-600">마감 {formatDay(p.dueDate)}</p>
            {/* visible buttons, not a hover overlay: on touch a hidden action must never catch a tap */}
            <div className="mt-auto flex flex-col gap-2 pt-4">
              {p.inactive ? (
                <>
                  <button type="button" className={action} onClick={() => setGrouping(p)}>
                    그룹 생성
                  </button>
                  <button
                    type="button"
                    className={`${action} text-red-700`}
                    disabled={deleting.isPending}
                    onClick={() => remove(p)}
                  >
                    공고 삭제
                  </button>
                </>
              ) : (
                <>
                  <button type="button" className={action} onClick={() => navigate(kindOf(p).detailPath(p.basePostId))}>
                    공고 보기
                  </button>
                  <button type="button" className={action} onClick={() => navigate(`/applicants/${p.basePostId}`)}>
                    지원자 보기
                  </button>
                </>
              )}
            </div>
          </li>
        ))}
      </ul>

      {grouping && (
        <CreateGroupDialog
          post={grouping}
          onClose={() => setGrouping(null)}
          onCreated={(group) => {
            setGrouping(null);
            setCreated(group);
          }}
        />
      )}
    </div>
  );
}
