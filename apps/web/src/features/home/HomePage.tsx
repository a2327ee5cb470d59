import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../shared/lib/format';
import { DdayBadge } from '../../shared/ui/DdayBadge';
import { EmptyState } from '../../shared/ui/EmptyState';
import { Banner } from './Banner';
import { usePopularBoards, usePopularRecruitments, usePopularStudyGroups, type PopularPost } from './popular';

/** Popular cards; inactive ones are greyed but still open on the home page (spec: Home). */
function PostCards({ posts, hrefOf, empty }: { posts: PopularPost[] | undefined; hrefOf(id: number): string; empty: string }) {
  if (!posts) return <div className="h-32" />;
  if (posts.length === 0) return <EmptyState text={empty} />;
  return (
    <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
      {posts.map((p) => (
        <Link
          key={p.id}
          to={hrefOf(p.id)}
          data-testid="popular-card"
          className={`card block p-4 transition hover:-translate-y-0.5 hover:shadow-md ${p.inactive ? 'opacity-50 grayscale' : ''}`}
        >
          <div className="flex items-start justify-between gap-2">
            <p className="truncate text-xs text-indigo-600">{p.topic}</p>
            <DdayBadge dueDate={p.dueDate} />
          </div>
          <h3 className="mt-1 line-clamp-2 font-semibold">{p.title}</h3>
          <p className="mt-3 text-xs text-gray-500">
            {p.creatorNickname} · 조회 {p.views} · {p.currentMembers}/{p.totalMembers}명
          </p>
        </Link>
      ))}
    </div>
  );
}

export default function HomePage() {
  const navigate = useNavigate();
  const recruitments = usePopularRecruitments();
  const studyGroups = usePopularStudyGroups();
  const boards = usePopularBoards();

  return (
    <div className="page flex flex-col gap-12">
      <Banner />

      <section className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label="모집 유형 선택">
        <button type="button" onClick={() => navigate('/recruitments')} className="card p-8 text-left transition hover:border-indigo-400 hover:shadow-md">
          <span className="text-2xl font-extrabold tracking-wide text-indigo-600">PROJECT</span>
          <p className="mt-2 text-sm text-gray-600">사이드 프로젝트 팀원 모집 보러가기</p>
        </button>
        <button type="button" onClick={() => navigate('/study-groups')} className="card p-8 text-left transition hover:border-amber-400 hover:shadow-md">
          <span className="text-2xl font-extrabold tracking-wide text-amber-600">STUDY GROUP</span>
          <p className="mt-2 text-sm text-gray-600">함께 공부할 스터디 그룹 보러가기</p>
        </button>
      </section>

      <section>
        <h2 className="mb-4 text-xl font-bold">인기 프로젝트 공고</h2>
        <PostCards posts={recruitments.data} hrefOf={(id) => `/recruitment/${id}`} empty="아직 인기 공고가 없습니다." />
      </section>

      <section>
        <h2 className="mb-4 text-xl font-bold">인기 스터디 공고</h2>
        <PostCards posts={studyGroups.data} hrefOf={(id) => `/study-group/${id}`} empty="아직 인기 스터디 공고가 없습니다." />
      </section>

      <section>
        <div className="mb-4 flex items-center justify-between">
          <h2 className="text-xl font-bold">인기 게시글</h2>
          <button type="button" onClick={() => navigate('/boards')} className="btn-secondary">
            게시판
          </button>
        </div>
        {boards.data && boards.data.length === 0 && <EmptyState text="아직 인기 게시글이 없습니다." />}
        <ul className="card divide-y divide-gray-100 empty:hidden">
          {boards.data?.map((b) => (
            <li key={b.boardId}>
              <Link to={`/boards/${b.boardId}`} className="flex items-center justify-between gap-4 px-5 py-3 hover:bg-gray-50">
                <span className="truncate font-medium">
                  {b.title} <span className="text-sm text-indigo-600">[{b.replyCount}]</span>
                </span>
                <span className="shrink-0 text-xs text-gray-500">
                  {b.authorNickname} · 조회 {b.views} · {formatDateTime(b.createdAt)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
