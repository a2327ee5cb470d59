import { Link } from 'react-router';
import { usePageParam } from '../../shared/lib/usePageParam';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LoadError } from '../../shared/ui/LoadError';
import { SkeletonCards } from '../../shared/ui/Skeleton';
import { useShowcaseList } from './api';
import { ShowcaseCard } from './ShowcaseCard';
import { PageLinks } from './PageLinks';
import { SHOWCASE_HEADING, SHOWCASE_SUBHEADING } from './texts';

/** GET /showcase: the finished teams that chose to be shown, newest completion first, 12 a page (`?page=`). */
export default function ShowcaseListPage() {
  const [page] = usePageParam();
  const { data, isPending, isError, refetch } = useShowcaseList(page);

  return (
    <div className="page flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">{SHOWCASE_HEADING}</h1>
        <p className="text-sm text-gray-600">{SHOWCASE_SUBHEADING}</p>
      </header>

      {isPending && <SkeletonCards count={6} className="grid-cols-1 sm:grid-cols-2 lg:grid-cols-3" />}
      {isError && <LoadError onRetry={() => void refetch()} />}
      {data && !isError && data.content.length === 0 && (
        <EmptyState text={page > 0 ? '이 페이지에는 쇼케이스가 없습니다.' : '아직 공개된 쇼케이스가 없습니다.'}>
          {page > 0 ? (
            <Link to="/showcase" className="btn-secondary">
              첫 페이지로
            </Link>
          ) : (
            <Link to="/recruitments" className="btn-secondary">
              함께할 팀 찾기
            </Link>
          )}
        </EmptyState>
      )}
      {data && !isError && data.content.length > 0 && (
        <ul
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
          aria-label="쇼케이스 목록"
          data-testid="showcase-list"
        >
          {data.content.map((item) => (
            <li key={item.groupId}>
              <ShowcaseCard item={item} />
            </li>
          ))}
        </ul>
      )}
      <PageLinks path="/showcase" page={page} totalPages={data?.totalPages ?? 0} />
    </div>
  );
}
