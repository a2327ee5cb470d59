import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DdayBadge } from '../../shared/ui/DdayBadge';

/** What every list card shows, whatever the kind. */
export interface CardPost {
  id: number;
  inactive: boolean;
  dueDate: string;
  topic: string;
  title: string;
  views: number;
}

/** A list card; an inactive post is greyed and cannot be opened (spec 4). `children` are the kind's own lines. */
export function PostCard({ href, post, children }: { href: string; post: CardPost; children: ReactNode }) {
  const { inactive, dueDate, topic, title, views } = post;
  const body = (
    <>
      <div className="flex items-start justify-between gap-2">
        <span className="truncate text-xs text-indigo-600">{topic}</span>
        <span className="flex shrink-0 gap-1">
          {inactive && <span className="rounded-full bg-gray-200 px-2.5 py-0.5 text-xs font-bold text-gray-600">마감</span>}
          <DdayBadge dueDate={dueDate} />
        </span>
      </div>
      <h3 className="mt-2 line-clamp-2 min-h-12 font-semibold">{title}</h3>
      <div className="mt-3 flex flex-col gap-1 text-xs text-gray-500">
        {children}
        <span>
          마감 {dueDate} · 조회 {views}
        </span>
      </div>
    </>
  );
  if (inactive) {
    return (
      <div
        className="card h-full cursor-not-allowed p-4 opacity-50 grayscale"
        aria-disabled="true"
        data-testid="post-card"
        data-inactive="true"
      >
        {body}
      </div>
    );
  }
  return (
    <Link to={href} className="card block h-full p-4 transition hover:-translate-y-0.5 hover:shadow-md" data-testid="post-card">
      {body}
    </Link>
  );
}
