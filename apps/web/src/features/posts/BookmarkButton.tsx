import { useLocation, useNavigate } from 'react-router';
import { alertFailure, errorText } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/store';
import { useToggleBookmark } from './bookmarks';
import { LOGIN_CONFIRM } from './kinds';

interface BookmarkButtonProps {
  postId: number;
  bookmarked: boolean;
  /** the detail shows the count beside the icon */
  count?: number;
  className?: string;
}

/**
 * A bookmark toggle (관심 공고). Anonymous visitors get the login confirm of every protected action; while a
 * change is on its way the button is disabled, and the server's PUT/DELETE are idempotent besides.
 */
export function BookmarkButton({ postId, bookmarked, count, className = '' }: BookmarkButtonProps) {
  const { token } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const toggle = useToggleBookmark();

  const onClick = () => {
    if (!token) {
      if (confirm(LOGIN_CONFIRM)) navigate('/login', { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    if (toggle.isPending) return;
    toggle.mutate({ postId, on: !bookmarked }, { onError: (e) => alertFailure(e, errorText(e)) });
  };

  return (
    <button
      type="button"
      aria-pressed={bookmarked}
      disabled={toggle.isPending}
      onClick={onClick}
      data-testid="bookmark-button"
      className={`flex min-h-10 min-w-10 shrink-0 items-center justify-center gap-1 rounded-full text-sm hover:bg-gray-100 disabled:opacity-60 ${
        bookmarked ? 'text-amber-600' : 'text-gray-600'
      } ${className}`}
    >
      <svg
        viewBox="0 0 24 24"
        className="h-5 w-5"
        aria-hidden="true"
        fill={bookmarked ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M6 3h12a1 1 0 0 1 1 1v17l-7-4.5L5 21V4a1 1 0 0 1 1-1z" strokeLinejoin="round" />
      </svg>
      <span className="sr-only">관심 공고</span>
      {count !== undefined && <span data-testid="bookmark-count">{count}</span>}
    </button>
  );
}
