/** The link's host and path without the scheme, as people read it (github.com/team/app). */
function shown(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return url;
  }
}

/**
 * A team's result, in a new tab. `nofollow`: the link is the team's, not the site's endorsement; `noopener
 * noreferrer`: the opened page gets no handle on this one and no referrer.
 */
export function ResultLink({ url, compact = false }: { url: string; compact?: boolean }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className={`inline-flex max-w-full items-center gap-1 font-medium text-indigo-700 hover:underline ${compact ? 'text-sm' : ''}`}
      data-testid="showcase-result"
    >
      <span className="shrink-0">{compact ? '결과물' : '결과물 보기'}</span>
      <span className="min-w-0 truncate text-gray-600">{shown(url)}</span>
      <span aria-hidden="true">↗</span>
      <span className="sr-only">(새 창)</span>
    </a>
  );
}
