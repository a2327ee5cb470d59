import type { ShowcaseItem } from '@app/contract';
import { Link } from 'react-router';
import { excerpt, isoDay, koreanDate, TYPE_LABELS } from './format';
import { ResultLink } from './ResultLink';

/**
 * One finished team on the list: type, name (the link to its page), a stretch of its summary, the completion
 * date, its result and the members who agreed to be named. The result is a link of its own, so the card is not
 * one big link (links cannot nest).
 */
export function ShowcaseCard({ item }: { item: ShowcaseItem }) {
  const href = `/showcase/${item.groupId}`;
  return (
    <article className="card flex h-full flex-col gap-3 p-5" data-testid="showcase-card">
      <div className="flex items-center justify-between gap-2 text-xs">
        <span className="rounded-full bg-indigo-50 px-2.5 py-0.5 font-semibold text-indigo-700">{TYPE_LABELS[item.type]}</span>
        <time dateTime={isoDay(item.completedDateTime)} className="text-gray-600">
          {koreanDate(item.completedDateTime)} 완료
        </time>
      </div>
      <h2 className="text-lg font-bold leading-7 break-keep">
        <Link to={href} className="hover:text-indigo-700 hover:underline" data-testid="showcase-card-link">
          {item.name}
        </Link>
      </h2>
      <p className="line-clamp-3 text-sm leading-6 text-gray-700 break-words">{excerpt(item.summary)}</p>
      <div className="mt-auto flex flex-col gap-2 border-t border-gray-100 pt-3 text-sm">
        {item.resultUrl && <ResultLink url={item.resultUrl} compact />}
        <p className="text-xs text-gray-600">
          {item.members.length > 0 ? (
            <>
              <span className="sr-only">함께한 팀원: </span>
              {item.members.join(' · ')}
            </>
          ) : (
            '팀원 이름은 공개되지 않았습니다'
          )}
        </p>
      </div>
    </article>
  );
}
