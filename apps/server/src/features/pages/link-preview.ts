import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { findBoardWithRefs } from '../boards/queries.js';
import { isEffectivelyInactive } from '../posts/policy.js';
import { findPost, todayIn } from '../posts/queries.js';
import { publicTags } from '../../lib/public-changes.js';
import { PREVIEW_TEXTS as T } from './preview-texts.js';

/** The default card image (1200×630), in the web app's public folder. */
export const PREVIEW_IMAGE = '/og-default.jpg';
const DESCRIPTION_MAX = 100;
const ROUTES: Array<{ pattern: RegExp; kind: 'RECRUITMENT' | 'STUDY_GROUP' | 'BOARD' }> = [
  { pattern: /^\/recruitment\/([1-9]\d{0,8})\/?$/, kind: 'RECRUITMENT' },
  { pattern: /^\/study-group\/([1-9]\d{0,8})\/?$/, kind: 'STUDY_GROUP' },
  { pattern: /^\/boards\/([1-9]\d{0,8})\/?$/, kind: 'BOARD' },
];

interface Card {
  title: string;
  description: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One line of at most `max` characters (code points), whitespace and control characters folded into spaces. */
function oneLine(text: string, max = DESCRIPTION_MAX): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
}

/** One query (cached like the other public reads): the post or board, with only public fields, turned into a card; a neutral card when closed or gone. */
async function cardFor(ctx: AppContext, kind: 'RECRUITMENT' | 'STUDY_GROUP' | 'BOARD', id: number): Promise<Card> {
  const missing = { title: T.missingTitle, description: T.missingDescription };
  if (kind === 'BOARD') {
    const board = await findBoardWithRefs(ctx.db, id);
    if (!board) return missing;
    return { title: oneLine(board.title), description: oneLine(`${T.kind.BOARD} · ${board.categoryName} · ${board.content}`) };
  }
  const post = await findPost(ctx.db, id);
  if (!post || post.kind !== kind) return missing;
  if (isEffectivelyInactive(post, todayIn(ctx))) return { title: T.closedTitle, description: T.closedDescription };
  const facts = [T.kind[kind], post.topic, T.members(post.currentMembers, post.totalMembers), T.due(post.dueDate)];
  return { title: oneLine(post.title), description: oneLine(`${facts.join(' · ')} — ${post.description}`) };
}

/**
 * The Open Graph and Twitter card tags of a shared deep link (a recruitment, a study group, a board post), for
 * index.html's head; null for every other page, which is served untouched. URLs are absolute, on the request's
 * origin (behind a proxy, TRUST_PROXY lets it name the public scheme).
 */
export async function linkPreviewHead(ctx: AppContext, req: FastifyRequest): Promise<string | null> {
  const pathname = req.url.split('?')[0];
  const origin = `${req.protocol}://${req.host}`;
  for (const { pattern, kind } of ROUTES) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    // a shared link is fetched by every chat member's client at once: one read per post until the next write
    const id = Number(match[1]);
    const key = `preview:${kind}:${id}:${todayIn(ctx)}`;
    const depends = [kind === 'BOARD' ? publicTags.board(id) : publicTags.post(id)];
    const card = await ctx.readCache.get(key, depends, () => cardFor(ctx, kind, id));
    const tags: Array<[string, string, string]> = [
      ['property', 'og:type', 'article'],
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
  return null;
}
