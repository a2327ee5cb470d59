import type { FormEvent, ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../shared/auth/store';
import { useSearchDraft } from '../../shared/lib/useSearchDraft';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LoadError } from '../../shared/ui/LoadError';
import { SkeletonCards } from '../../shared/ui/Skeleton';
import { Pagination } from '../../shared/ui/Pagination';
import { SearchFields } from '../../shared/ui/SearchFields';
import { ShownSearchContext } from '../../shared/search/Highlight';
import { filterParams, listParams, usePostList, type ListFilters as Filters, type SearchType } from './api';
import { BookmarkButton } from './BookmarkButton';
import { useBookmarkedIds } from './bookmarks';
import { LOGIN_CONFIRM, RECRUITMENT, type PostKind } from './kinds';
import { ListFilters } from './ListFilters';
import type { CardPost } from './PostCard';

const SEARCH_TYPES: Array<{ value: SearchType; label: string }> = [
  { value: 'all', label: '전체' },
  { value: 'title', label: '제목' },
  { value: 'creator', label: '작성자' },
  { value: 'content', label: '내용' },
];

interface PostListPageProps<T> {
  kind: PostKind;
  /** the kind's card for one item, with the bookmark button to put on it */
  card(item: T, href: string, action: ReactNode): ReactNode;
}

/**
 * Banner, search, filters, card grid, 5-page pagination and the register button. The page, the search and
 * the filters live in the URL (each change is a history entry), so a filtered list is shareable and
 * back/forward restore it.
 */
export function PostListPage<T extends CardPost>({ kind, card }: PostListPageProps<T>) {
  const navigate = useNavigate();
  const { token } = useAuth();
  const [params, setParams] = useSearchParams();
  const { page, keyword, searchType, ...read } = listParams(params);
  const withStacks = kind === RECRUITMENT;
  const filters: Filters = { ...read, stacks: withStacks ? read.stacks : [] };
  const filtered = filters.stacks.length > 0 || filters.open || filters.order !== 'latest';
  const { draftType, setDraftType, draft, setDraft } = useSearchDraft<SearchType>(searchType, keyword);
  const bookmarked = useBookmarkedIds(token);

  const { data, isError, isPending, refetch } = usePostList<T>(kind, { page, searchType, keyword, ...filters });

  const search = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = draft.trim();
    if (trimmed.length < 2) return alert(kind.shortKeyword);
    setParams([['searchType', draftType], ['keyword', trimmed], ['page', '0'], ...filterParams(filters)]);
  };

  /** A new filter starts at the first page and keeps the search. */
  const changeFilters = (next: Filters) => {
    const search: Array<[string, string]> = keyword
      ? [
          ['searchType', searchType],
          ['keyword', keyword],
        ]
      : [];
    setParams([...search, ...filterParams(next)]);
  };

  const goPage = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next);
    window.scrollTo({ top: 0 });
  };

  const register = () => {
    if (token) return navigate(kind.registerPath);
    if (confirm(LOGIN_CONFIRM)) navigate('/login', { state: { from: kind.registerPath } });
  };

  return (
    <div className="page flex flex-col gap-4 sm:gap-6">
      {/* short on a phone, so the first cards show without scrolling */}
      <section
        className="rounded-2xl bg-gradient-to-r from-indigo-700 to-violet-600 px-5 py-4 text-white sm:px-8 sm:py-10"
        aria-label="배너"
      >
        <h1 className="text-lg font-bold sm:text-3xl">{kind.banner.heading}</h1>
        <p className="mt-1 text-xs text-white sm:mt-2 sm:text-base">{kind.banner.subheading}</p>
      </section>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <form className="flex flex-1 gap-2" onSubmit={search} role="search">
          <SearchFields
            typeLabel="검색 조건"
            types={SEARCH_TYPES}
            type={draftType}
            onType={(v) => setDraftType(v as SearchType)}
            keyword={draft}
            onKeyword={setDraft}
          />
          <button type="submit" className="btn-secondary">
            검색
          </button>
          {keyword && (
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                setDraft('');
                setParams(filterParams(filters));
              }}
            >
              전체 보기
            </button>
          )}
        </form>
        <button type="button" className="btn-primary" onClick={register}>
          공고 등록
        </button>
      </div>

      <ListFilters filters={filters} withStacks={withStacks} onChange={changeFilters} />

      {isPending && <SkeletonCards count={8} className="grid-cols-2 md:grid-cols-3 lg:grid-cols-4" />}
      {isError && <LoadError onRetry={() => void refetch()} />}
      {data && data.content.length === 0 && (
        <EmptyState
          text={keyword ? '검색 결과가 없습니다.' : filtered ? '조건에 맞는 공고가 없습니다.' : '등록된 공고가 없습니다.'}
        >
          {keyword || filtered ? (
            <button type="button" className="btn-secondary" onClick={() => setParams({})}>
              전체 공고 보기
            </button>
          ) : (
            <button type="button" className="btn-primary" onClick={register}>
              첫 공고 쓰기
            </button>
          )}
        </EmptyState>
      )}
      {data && data.content.length > 0 && (
        <ShownSearchContext value={keyword ? { keyword, searchType } : null}>
          <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4" data-testid="post-grid">
            {data.content.map((item) => (
              <li key={item.id}>
                {card(item, kind.detailPath(item.id), <BookmarkButton postId={item.id} bookmarked={bookmarked.has(item.id)} />)}
              </li>
            ))}
          </ul>
        </ShownSearchContext>
      )}
      {data && <Pagination page={page} totalPages={data.totalPages} onChange={goPage} />}
    </div>
  );
}
