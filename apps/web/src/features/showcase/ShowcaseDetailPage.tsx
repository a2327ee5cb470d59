import { Link, useParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LoadError } from '../../shared/ui/LoadError';
import { SkeletonDetail } from '../../shared/ui/Skeleton';
import { useShowcase } from './api';
import { isoDay, koreanDate, postPath, TYPE_LABELS } from './format';
import { ResultLink } from './ResultLink';

/**
 * GET /showcase/{groupId}: a finished team's page: its name, summary, result, when it formed and finished, the
 * post it came from and the members who agreed to be named (admin first, as the server orders them).
 */
export default function ShowcaseDetailPage() {
  const { groupId = '' } = useParams();
  const { data, isError, error, refetch } = useShowcase(groupId);

  // "not shown" only when the server said so (404: switched off, never completed, deleted)
  if (isError && error instanceof ApiError && (error.status === 404 || error.status === 400))
    return (
      <EmptyState text="공개되지 않았거나 없는 쇼케이스입니다.">
        <Link to="/showcase" className="btn-secondary">
          쇼케이스 목록
        </Link>
      </EmptyState>
    );
  if (isError) return <LoadError onRetry={() => void refetch()} className="page" />;
  if (!data) return <SkeletonDetail />;

  const dates = [
    ['결성일', data.createdDateTime],
    ['완료일', data.completedDateTime],
  ] as const;

  return (
    <div className="page flex max-w-4xl flex-col gap-6">
      <nav aria-label="위치">
        <Link to="/showcase" className="text-sm text-gray-600 hover:text-indigo-700 hover:underline">
          ← 쇼케이스
        </Link>
      </nav>
      <article className="card flex flex-col gap-6 p-6 sm:p-8">
        <header className="flex flex-col gap-2">
          <span className="w-fit rounded-full bg-indigo-50 px-3 py-0.5 text-xs font-semibold text-indigo-700">
            {TYPE_LABELS[data.type]}
          </span>
          <h1 className="text-2xl font-bold break-words sm:text-3xl" data-testid="showcase-title">
            {data.name}
          </h1>
        </header>

        <p className="whitespace-pre-wrap break-words leading-relaxed text-gray-800" data-testid="showcase-summary">
          {data.summary}
        </p>

        {data.resultUrl && (
          <div>
            <ResultLink url={data.resultUrl} />
          </div>
        )}

        <dl className="grid grid-cols-1 gap-4 border-t border-gray-100 pt-6 text-sm sm:grid-cols-2">
          {dates.map(([label, at]) => (
            <div key={label} className="flex gap-3">
              <dt className="w-14 shrink-0 text-gray-600">{label}</dt>
              <dd>
                <time dateTime={isoDay(at)} data-testid={`showcase-${label}`}>
                  {koreanDate(at)}
                </time>
              </dd>
            </div>
          ))}
          <div className="flex gap-3 sm:col-span-2">
            <dt className="w-14 shrink-0 text-gray-600">모집 공고</dt>
            <dd className="min-w-0">
              <Link to={postPath(data)} className="break-words text-indigo-700 hover:underline" data-testid="showcase-post">
                {data.post.title}
              </Link>
            </dd>
          </div>
        </dl>

        <section className="flex flex-col gap-3 border-t border-gray-100 pt-6" aria-labelledby="showcase-members">
          <h2 id="showcase-members" className="font-semibold">
            함께한 팀원
          </h2>
          {data.members.length > 0 ? (
            <ul className="flex flex-wrap gap-2" data-testid="showcase-members">
              {data.members.map((nickname, i) => (
                <li key={`${i}-${nickname}`} className="rounded-full bg-gray-100 px-3 py-1 text-sm text-gray-800">
                  {nickname}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-gray-600" data-testid="showcase-members">
              이름 공개에 동의한 팀원이 없습니다.
            </p>
          )}
        </section>
      </article>
    </div>
  );
}
