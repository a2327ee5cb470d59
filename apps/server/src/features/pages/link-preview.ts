import { matchPublicRoute, PUBLIC_ROUTES, readPath, type PublicRoute } from '@app/contract';
import type { AppContext } from '../../context.js';
import { isEffectivelyInactive } from '../posts/policy.js';
import { todayIn } from '../posts/queries.js';
import { publicTags } from '../../lib/public-changes.js';
import { escapeHtml } from './document.js';
import { jsonOf, type ReadResult } from './api-reads.js';
import { PREVIEW_TEXTS as T } from './preview-texts.js';

/** The default card image (1200×630), in the web app's public folder. */
export const PREVIEW_IMAGE = '/og-default.jpg';
const DESCRIPTION_MAX = 100;

type CardKind = NonNullable<PublicRoute['card']>;

interface Card {
  title: string;
  description: string;
}

/** The post or board fields a card shows (public ones only: the detail as a visitor reads it). */
interface PostJson {
  title: string;
  topic: string;
  description: string;
  currentMembers: number;
  totalMembers: number;
  dueDate: string;
}
interface BoardJson {
  board: { title: string; content: string; category: { name: string } };
}
/** A showcase's public fields (GET /api/showcase/{groupId}) */
interface ShowcaseJson {
  name: string;
  summary: string;
}

/** One line of at most `max` characters (code points), whitespace and control characters folded into spaces. */
function oneLine(text: string, max = DESCRIPTION_MAX): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
}

/** The card of what the page's content read answered: a neutral one when the post is closed (403 or past due) or gone. */
function cardOf(ctx: AppContext, kind: CardKind, read: ReadResult): Card {
  const missing = { title: T.missingTitle, description: T.missingDescription };
  const closed = { title: T.closedTitle, description: T.closedDescription };
  if (kind === 'SHOWCASE') {
    const showcase = jsonOf<ShowcaseJson>(read);
    if (!showcase) return { title: T.showcaseMissingTitle, description: T.showcaseMissingDescription };
    return { title: oneLine(showcase.name), description: oneLine(showcase.summary) };
  }
  if (kind === 'BOARD') {
    const board = jsonOf<BoardJson>(read)?.board;
    if (!board) return missing;
    return {
      title: oneLine(board.title),
      description: oneLine(`${T.kind.BOARD} · ${board.category.name} · ${board.content}`),
    };
  }
  if (read.status === 403) return closed;
  const post = jsonOf<PostJson>(read);
  if (!post) return missing;
  if (isEffectivelyInactive({ inactive: false, dueDate: post.dueDate }, todayIn(ctx))) return closed;
  const facts = [T.kind[kind], post.topic, T.members(post.currentMembers, post.totalMembers), T.due(post.dueDate)];
  return { title: oneLine(post.title), description: oneLine(`${facts.join(' · ')} — ${post.description}`) };
}

/** The content a shared link to this path shows in a card: its kind and the API path of its read; null for other paths. */
export function cardContent(pathname: string): { kind: CardKind; id: number; read: string } | null {
  const match = matchPublicRoute(pathname);
  if (!match || match === 'not-found' || match.id === null) return null;
  const route: PublicRoute = PUBLIC_ROUTES[match.name];
  return route.card ? { kind: route.card, id: match.id, read: readPath(route.reads[0], match.id) } : null;
}

/**
 * The Open Graph and Twitter card tags of a shared deep link (a recruitment, a study group, a board post, a
 * showcase), for
 * index.html's head, from what its content read answered. URLs are absolute, on the request's origin (behind a
 * proxy, TRUST_PROXY lets it name the public scheme).
 */
export function previewTags(ctx: AppContext, kind: CardKind, read: ReadResult, origin: string, pathname: string): string {
  return tagsOf(cardOf(ctx, kind, read), origin, pathname);
}

/**
 * The Open Graph tags of a rendered page without a card (`openGraph` in the public routes table: the showcase
 * list), from the page's own title and description; `og:url` is its canonical URL.
 */
export function pageTagsOf(head: { title: string; description?: string; canonical: string }, origin: string): string {
  return tagsOf({ title: head.title, description: head.description ?? '' }, origin, head.canonical, 'website');
}

function tagsOf(card: Card, origin: string, pathname: string, type = 'article'): string {
  const tags: Array<[string, string, string]> = [
    ['property', 'og:type', type],
    ['property', 'og:site_name', T.siteName],
    ['property', 'og:title', card.title],
    ['property', 'og:description', card.description],
    ['property', 'og:image', origin + PREVIEW_IMAGE],
    ['property', 'og:image:width', '1200'],
    ['property', 'og:image:height', '630'],
    ['property', 'og:url', origin + pathname],
    ['property', 'og:locale', 'ko_KR'],
    ['name', 'description', card.description],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', card.title],
    ['name', 'twitter:description', card.description],
    ['name', 'twitter:image', origin + PREVIEW_IMAGE],
  ];
  return tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`).join('\n');
}

/**
 * The preview tags of a page served without rendering (no server bundle): its content read made here, through
 * the same read as a rendered page's. A shared link is fetched by every chat member's client at once: one read
 * per post until the next write. Null for a path that has no card.
 */
export async function linkPreviewHead(
  ctx: AppContext,
  read: (apiPath: string) => Promise<ReadResult>,
  origin: string,
  pathname: string,
): Promise<string | null> {
  const content = cardContent(pathname);
  if (!content) return null;
  const { kind, id } = content;
  const key = `preview:${kind}:${id}:${todayIn(ctx)}`;
  const depends =
    kind === 'BOARD'
      ? [publicTags.board(id)]
      : kind === 'SHOWCASE'
        ? [publicTags.showcase(id), publicTags.showcases]
        : [publicTags.post(id)];
  const card = await ctx.readCache.get(key, depends, async () => cardOf(ctx, kind, await read(content.read)));
  return tagsOf(card, origin, pathname);
}
