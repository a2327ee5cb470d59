/** The HTML document of a page: the built index.html with the page's head tags and, when rendered, its markup and data. */

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** What the web app's server bundle (apps/web/src/server.tsx) answers for a public page. */
export interface RenderedPage {
  status: 200 | 403 | 404;
  html: string;
  state: string | null;
  head: { title: string; description?: string; canonical: string } | null;
}

export const NOINDEX = '<meta name="robots" content="noindex" />';
const TITLE = /<title>[^<]*<\/title>/;
const ROOT = '<div id="root"></div>';

/** React's resource hints (image preloads) lead the rendered markup; they belong in the head. */
function splitHints(html: string): [string, string] {
  const hints = /^(?:<link [^>]*\/?>)+/.exec(html)?.[0] ?? '';
  return [hints, html.slice(hints.length)];
}

/**
 * The document of a rendered page. A 200 page carries its data as JSON (`type="application/json"` never runs,
 * so the CSP needs neither a nonce nor a hash for it and the bytes can be cached for everyone) and marks
 * `<html data-ssr>`, which tells index.html's inline script not to read what the page already holds.
 */
export function renderedDocument(template: string, page: RenderedPage, origin: string, extraHead: string | null): string {
  const [hints, markup] = splitHints(page.html);
  const head = page.head;
  const tags = [
    head ? `<title>${escapeHtml(head.title)}</title>` : '<title>팀메이트</title>',
    head?.description && `<meta name="description" content="${escapeHtml(head.description)}" />`,
    head && `<link rel="canonical" href="${escapeHtml(origin + head.canonical)}" />`,
    page.status !== 200 && NOINDEX,
    extraHead,
    hints,
  ].filter(Boolean);
  const data = page.state === null ? '' : `<script type="application/json" id="page-state">${page.state}</script>`;
  let html = template.replace(TITLE, () => tags.join('\n'));
  if (page.status === 200) html = html.replace('<html lang="ko">', '<html lang="ko" data-ssr>');
  return html.replace(ROOT, () => `<div id="root">${markup}</div>${data}`);
}

/** index.html as it is, with tags added to its head (link previews, noindex). */
export const withHead = (template: string, tags: string) => template.replace('</head>', () => `${tags}\n</head>`);
