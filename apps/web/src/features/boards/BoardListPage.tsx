import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../shared/auth/store';
import { useSearchDraft } from '../../shared/lib/useSearchDraft';
import { LoadError } from '../../shared/ui/LoadError';
import { Pagination } from '../../shared/ui/Pagination';
import { SkeletonRows } from '../../shared/ui/Skeleton';
import { SearchFields } from '../../shared/ui/SearchFields';
import { ShownSearchContext } from '../../shared/search/Highlight';
import { fromContract, refuseOverLimit } from '../../shared/ui/text-limit';
import { useBoardSearch } from './api';
import { BoardRows } from './BoardRows';
import { useAskLogin } from './ask-login';
import { CATEGORY_CHIPS, SEARCH_TYPES } from './categories';

const KEYWORD_LIMIT = { max: 50, tooLong: fromContract((c) => c.SEARCH_KEYWORD_TOO_LONG) };

export default function BoardListPage() {
  const navigate = useNavigate();
  const { token } = useAuth();
  const askLogin = useAskLogin();
  const [params, setParams] = useSearchParams();
  const searchType = params.get('searchType') ?? 'all';
  const keyword = params.get('keyword') ?? '';
  const category = params.get('category') ?? '';
  const page = Math.max(0, Number(params.get('page')) || 0);
  const order = params.get('order') === 'relevance' ? 'relevance' : undefined;
  const {
    draftType: typeInput,
    setDraftType: setTypeInput,
    draft: keywordInput,
    setDraft: setKeywordInput,
  } = useSearchDraft(searchType, keyword);
  const { data, isPending, isError, refetch } = useBoardSearch({ searchType, keyword, category, page, order });

  const update = (next: Record<string, string>) => {
    const merged = { searchType, keyword, category, order: order ?? '', page: '0', ...next };
    setParams(
      Object.fromEntries(
        Object.entries(merged).filter(
          ([k, v]) => v !== '' && !(k === 'page' && v === '0') && !(k === 'searchType' && v === 'all'),
        ),
      ),
    );
  };

  const search = (e: FormEvent) => {
    e.preventDefault();
    if (refuseOverLimit([{ id: 'board-keyword', value: keywordInput, max: KEYWORD_LIMIT.max }])) return;
    update({ searchType: typeInput, keyword: keywordInput.trim() });
  };

  const write = () => {
    if (token) navigate('/boards/register');
    else askLogin('/boards/register');
  };

  const chip = (active: boolean) =>
    `rounded-full border px-4 py-1.5 text-sm transition-colors ${active ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-gray-300 bg-white text-gray-700 hover:bg-gray-100'}`;

  return (
    <div className="page flex flex-col gap-6">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">게시판</h1>
        <button type="button" className="btn-primary" onClick={write}>
          글쓰기
        </button>
      </div>

      <form className="flex flex-wrap items-start gap-2" onSubmit={search} role="search">
        <SearchFields
          typeLabel="검색 유형"
          types={SEARCH_TYPES}
          type={typeInput}
          onType={setTypeInput}
          keyword={keywordInput}
          onKeyword={setKeywordInput}
          keywordId="board-keyword"
          limit={KEYWORD_LIMIT}
        />
        <button type="submit" className="btn-secondary">
          검색
        </button>
        {keyword && (
          <select
            className="input w-28"
            aria-label="정렬"
            value={order ?? 'latest'}
            onChange={(e) => update({ order: e.target.value === 'relevance' ? 'relevance' : '' })}
          >
            <option value="latest">최신순</option>
            <option value="relevance">정확도순</option>
          </select>
        )}
      </form>

      <div className="flex flex-wrap gap-2" role="group" aria-label="카테고리">
        <button type="button" className={chip(!category)} aria-pressed={!category} onClick={() => update({ category: '' })}>
          전체
        </button>
        {CATEGORY_CHIPS.map((name) => (
          <button
            key={name}
            type="button"
            className={chip(category === name)}
            aria-pressed={category === name}
            onClick={() => update({ category: category === name ? '' : name })}
          >
            {name}
          </button>
        ))}
      </div>

      <section className="card overflow-hidden">
        {isPending && <SkeletonRows rows={8} />}
        {isError && <LoadError onRetry={() => void refetch()} />}
        {data && !isError && (
          <ShownSearchContext value={keyword ? { keyword, searchType } : null}>
            <BoardRows
              items={data.content}
              empty="게시글이 없습니다."
              emptyAction={
                <button type="button" className="btn-primary" onClick={write}>
                  첫 글 쓰기
                </button>
              }
            />
          </ShownSearchContext>
        )}
      </section>
      <Pagination page={page} totalPages={data?.totalPages ?? 0} onChange={(p) => update({ page: String(p) })} blockSize={0} />
    </div>
  );
}
