import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatWhen } from '../../shared/lib/format';
import { useNow } from '../../shared/lib/now';
import { DdayBadge } from '../../shared/ui/DdayBadge';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LoadError } from '../../shared/ui/LoadError';
import { SkeletonCards, SkeletonRows } from '../../shared/ui/Skeleton';
import { Banner } from './Banner';
import { usePopularBoards, usePopularRecruitments, usePopularStudyGroups, type PopularPost } from './popular';

/** A popular section's states: skeleton while loading, retry on failure, "none" only when the server said so. */
function Loaded<T>({
  query,
  skeleton,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  skeleton: ReactNode;
  empty: ReactNode;
  children(items: T[]): ReactNode;
}) {
  if (query.isPending) return skeleton;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  return query.data.length === 0 ? empty : children(query.data);
}

/** Popular cards; inactive ones are greyed but still open on the home page (spec: Home). */
function PostCards({ posts, hrefOf }: { posts: PopularPost[]; hrefOf(id: number): string }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
      {posts.map((p) => (
        <Link
          key={p.id}
          to={hrefOf(p.id)}
          data-testid="popular-card"
          className={`card flex flex-col p-4 transition hover:-translate-y-0.5 hover:shadow-md ${p.inactive ? 'bg-gray-100 text-gray-600' : ''}`}
        >
          <div className="flex items-start justify-between gap-2">
            <p className="truncate text-xs text-indigo-700">{p.topic}</p>
            {p.inactive ? (
              <span className="shrink-0 rounded-full bg-gray-200 px-2.5 py-0.5 text-xs font-bold text-gray-700">마감</span>
            ) : (
              <DdayBadge dueDate={p.dueDate} />
            )}
          </div>
          <h3 className="mt-1 line-clamp-2 font-semibold break-keep">{p.title}</h3>
          <p className="mt-auto pt-3 text-xs text-gray-600">
            {p.creatorNickname} · 조회 {p.views} · {p.currentMembers}/{p.totalMembers}명
          </p>
        </Link>
      ))}
    </div>
  );
}

function BrowseButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="btn-secondary">
      {children}
    </Link>
  );
}

export default function HomePage() {
  const navigate = useNavigate();
  const recruitments = usePopularRecruitments();
  const studyGroups = usePopularStudyGroups();
  const boards = usePopularBoards();
  const now = useNow();
  const cardsSkeleton = <SkeletonCards />;

  return (
    <div className="page flex flex-col gap-10 sm:gap-12">
      <Banner />

      <section className="grid grid-cols-2 gap-3 sm:gap-4" aria-label="모집 유형 선택">
        <button
          type="button"
          onClick={() => navigate('/recruitments')}
          className="card p-4 text-left transition hover:border-indigo-400 hover:shadow-md sm:p-8"
        >
          <span className="text-lg font-extrabold tracking-wide text-indigo-700 sm:text-2xl">PROJECT</span>
          <p className="mt-2 text-xs text-gray-600 sm:text-sm">사이드 프로젝트 팀원 모집 보러가기</p>
        </button>
        <button
          type="button"
          onClick={() => navigate('/study-groups')}
          className="card p-4 text-left transition hover:border-amber-400 hover:shadow-md sm:p-8"
        >
          <span className="text-lg font-extrabold tracking-wide text-amber-700 sm:text-2xl">STUDY GROUP</span>
          <p className="mt-2 text-xs text-gray-600 sm:text-sm">함께 공부할 스터디 그룹 보러가기</p>
        </button>
      </section>

      <section>
        <div className="mb-4 flex items-center justify-between gap-2">
          <h2 className="text-xl font-bold">인기 프로젝트 공고</h2>
          {/* the showcase is its own server-rendered page */}
          <a href="/showcase" className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline">
            완료된 프로젝트 보기
          </a>
        </div>
        <Loaded
          query={recruitments}
          skeleton={cardsSkeleton}
          empty={
            <EmptyState text="아직 인기 공고가 없습니다.">
              <BrowseButton to="/recruitments">프로젝트 공고 보러가기</BrowseButton>
            </EmptyState>
          }
        >
          {(posts) => <PostCards posts={posts} hrefOf={(id) => `/recruitment/${id}`} />}
        </Loaded>
      </section>

      <section>
        <h2 className="mb-4 text-xl font-bold">인기 스터디 공고</h2>
        <Loaded
          query={studyGroups}
          skeleton={cardsSkeleton}
          empty={
            <EmptyState text="아직 인기 스터디 공고가 없습니다.">
              <BrowseButton to="/study-groups">스터디 공고 보러가기</BrowseButton>
            </EmptyState>
          }
        >
          {(posts) => <PostCards posts={posts} hrefOf={(id) => `/study-group/${id}`} />}
        </Loaded>
      </section>

      <section>
        <div className="mb-4 flex items-center justify-between">
          <h2 className="text-xl font-bold">인기 게시글</h2>
          <button type="button" onClick={() => navigate('/boards')} className="btn-secondary">
            게시판
          </button>
        </div>
        <Loaded
          query={boards}
          skeleton={<SkeletonRows className="card" />}
          empty={<EmptyState text="아직 인기 게시글이 없습니다." />}
        >
          {(items) => (
            <ul className="card divide-y divide-gray-100">
              {items.map((b) => (
                <li key={b.boardId}>
                  {/* stacked on a phone so the whole title is readable; one line from sm up */}
                  <Link
                    to={`/boards/${b.boardId}`}
                    data-testid="popular-board"
                    className="flex flex-col gap-1 px-4 py-3 hover:bg-gray-50 sm:flex-row sm:items-center sm:justify-between sm:gap-4 sm:px-5"
                  >
                    <span className="line-clamp-2 font-medium break-keep sm:line-clamp-1">
                      {b.title} <span className="text-sm text-indigo-700">[{b.replyCount}]</span>
                    </span>
                    <span className="shrink-0 text-xs text-gray-600">
                      {b.authorNickname} · 조회 {b.views} · {formatWhen(b.createdAt, now)}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Loaded>
      </section>
    </div>
  );
}
