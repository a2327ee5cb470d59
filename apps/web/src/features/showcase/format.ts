import type { ShowcaseItem } from '@app/contract';

/** The group type's label on a card and a page. */
export const TYPE_LABELS: Record<ShowcaseItem['type'], string> = { PROJECT: '프로젝트', STUDY_GROUP: '스터디' };

/** A server DateTime as a Seoul date in Korean form: 2025년 3월 7일. */
export function koreanDate(iso: string): string {
  const d = new Date(new Date(iso).getTime() + 9 * 3600_000);
  return `${d.getUTCFullYear()}년 ${d.getUTCMonth() + 1}월 ${d.getUTCDate()}일`;
}

/** The machine-readable date of a <time> (Seoul): 2025-03-07. */
export const isoDay = (iso: string) => new Date(new Date(iso).getTime() + 9 * 3600_000).toISOString().slice(0, 10);

/**
 * The post the group came from. A group's type follows its post's kind (a recruitment makes a PROJECT, a
 * study group post a STUDY_GROUP), so the type names the detail page.
 */
export const postPath = (item: Pick<ShowcaseItem, 'type' | 'post'>) =>
  `${item.type === 'PROJECT' ? '/recruitment' : '/study-group'}/${item.post.id}`;

/** A first stretch of the summary for a card, cut at a word where it can be. */
export function excerpt(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  if (chars.length <= max) return flat;
  const cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}
