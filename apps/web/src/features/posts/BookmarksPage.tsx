import { formatDay } from '../../shared/lib/format';
import { usePageParam } from '../../shared/lib/usePageParam';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LoadError } from '../../shared/ui/LoadError';
import { Pagination } from '../../shared/ui/Pagination';
import { SkeletonCards } from '../../shared/ui/Skeleton';
import { BookmarkButton } from './BookmarkButton';
import { useBookmarks } from './bookmarks';
import { RECRUITMENT, STUDY_GROUP } from './kinds';
import { PostCard } from './PostCard';

/**
 * 관심 공고: my bookmarks of both kinds, newest first. A deleted post is gone from the list; a closed one
 * stays, greyed and not clickable like in every list, and can be unbookmarked.
 */
export default function BookmarksPage() {
  const [page, setPage] = usePageParam();
  const { data, isPending, isError, refetch } = useBookmarks(page);

  return (
    <div className="page flex flex-col gap-4 sm:gap-6">
      <h1 className="text-xl font-bold sm:text-2xl">관심 공고</h1>
      {isPending && <SkeletonCards count={4} className="grid-cols-2 md:grid-cols-3 lg:grid-cols-4" />}
      {isError && <LoadError onRetry={() => void refetch()} />}
      {data && data.content.length === 0 && <EmptyState text="관심 공고가 없습니다." />}
      {data && data.content.length > 0 && (
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4" data-testid="bookmark-grid">
          {data.content.map((item) => {
            const kind = item.postType === 'RECRUITMENT' ? RECRUITMENT : STUDY_GROUP;
            return (
              <li key={item.id}>
                <PostCard
                  href={kind.detailPath(item.id)}
                  post={item}
                  kindName={kind.name}
                  chips={item.tags}
                  action={<BookmarkButton postId={item.id} bookmarked />}
                >
                  {item.startDate && item.endDate && `기간 ${formatDay(item.startDate)} ~ ${formatDay(item.endDate)}`}
                </PostCard>
              </li>
            );
          })}
        </ul>
      )}
      {data && <Pagination page={page} totalPages={data.totalPages} onChange={setPage} />}
    </div>
  );
}
