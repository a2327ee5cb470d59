import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDay } from '../../shared/lib/format';
import { DdayBadge } from '../../shared/ui/DdayBadge';
import { Highlight } from '../../shared/search/Highlight';

/** What every list card shows, whatever the kind. */
export interface CardPost {
  id: number;
  inactive: boolean;
  dueDate: string;
  topic: string;
  title: string;
  views: number;
  creatorNickname: string;
  currentMembers: number;
  totalMembers: number;
}

interface PostCardProps {
  href: string;
  post: CardPost;
  /** the kind chip: 프로젝트 or 스터디 */
  kindName: string;
  /** tech-stack chips (project tags) */
  chips?: string[];
  /** the kind's own line (the study period) */
  children?: ReactNode;
  /** a control over the card's top right corner (the bookmark button), outside the link */
  action?: ReactNode;
}

/**
 * A list card in the shape people know from Hola: kind chip and deadline, the due date, a two-line title,
 * tech chips, then author, views and headcount. An inactive post is greyed as a whole (a grayscale filter over
 * muted greys that keep 4.5:1 on their own, since contrast checkers do not see filters), shows only 마감 and cannot be
 * opened.
 */
export function PostCard({ href, post, kindName, chips = [], children, action }: PostCardProps) {
  const { inactive, dueDate, topic, title, views } = post;
  const body = (
    <>
      <div className="flex h-6 items-center justify-between gap-2">
        <span className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-semibold text-indigo-700">{kindName}</span>
        {inactive ? (
          <span className="rounded-full bg-gray-200 px-2.5 py-0.5 text-xs font-bold text-gray-700">마감</span>
        ) : (
          <DdayBadge dueDate={dueDate} />
        )}
      </div>
      {/* with an action, the due-date line keeps room at its right end for it (the action sits over it) */}
      <p className={`mt-3 text-xs text-gray-600 ${action ? 'flex h-8 items-center pr-9' : ''}`}>마감일 | {formatDay(dueDate)}</p>
      <h3 className="mt-1 line-clamp-2 min-h-12 font-bold leading-6 break-keep">
        <Highlight text={title} field="title" />
      </h3>
      <p className="mt-1 truncate text-xs text-gray-600">{topic}</p>
      {children && <div className="mt-1 text-xs text-gray-600">{children}</div>}
      {chips.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-1" aria-label="기술 스택">
          {chips.slice(0, 4).map((t) => (
            <li key={t} className={`rounded-md px-2 py-0.5 text-xs text-gray-700 ${inactive ? 'bg-gray-200' : 'bg-gray-100'}`}>
              {t}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto flex items-center justify-between gap-2 border-t border-gray-100 pt-3 text-xs text-gray-600">
        <span className={`min-w-0 truncate font-medium ${inactive ? '' : 'text-gray-800'}`}>
          <Highlight text={post.creatorNickname} field="creator" />
        </span>
        <span className="shrink-0">
          조회 {views} · {post.currentMembers}/{post.totalMembers}명
        </span>
      </div>
    </>
  );
  const shape = 'card flex h-full flex-col p-4';
  const card = inactive ? (
    <div
      className={`${shape} cursor-not-allowed bg-gray-100 text-gray-600 grayscale`}
      aria-disabled="true"
      data-testid="post-card"
      data-inactive="true"
    >
      {body}
    </div>
  ) : (
    <Link to={href} className={`${shape} transition hover:-translate-y-0.5 hover:shadow-md`} data-testid="post-card">
      {body}
    </Link>
  );
  if (!action) return card;
  return (
    <div className="relative h-full">
      {card}
      {/* the due-date line starts at 16 px padding + 24 px first row + 12 px gap = 52 px and is 32 px tall: a 40 px button at 48 px is centred on it */}
      <div className="absolute right-2 top-[48px]">{action}</div>
    </div>
  );
}
