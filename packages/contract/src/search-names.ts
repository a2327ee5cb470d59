// Search that understands Korean (docs/api.md §10.5): the technology-name table, the keyword's normal form and
// the initial-consonant (초성) rule. The server's search, the web's search hints and highlight, and the tests all
// read this module; it imports nothing, so the web can load it in a chunk of its own.

/** One row = one technology: a keyword equal to one name (case- and space-insensitively) also finds the others. */
export const TECH_NAME_ROWS: readonly (readonly string[])[] = [
  ['React', '리액트'],
  ['Vue', 'Vue.js'],
  ['Angular', '앵귤러'],
  ['Svelte', '스벨트'],
  ['Next.js', '넥스트'],
  ['JavaScript', '자바스크립트', 'JS'],
  ['TypeScript', '타입스크립트', 'TS'],
  ['Node.js', 'Node', '노드'],
  ['NestJS', '네스트'],
  ['Java', '자바'],
  ['Spring', '스프링'],
  ['Spring Boot', '스프링부트'],
  ['Kotlin', '코틀린'],
  ['JPA'],
  ['Python', '파이썬'],
  ['Django', '장고'],
  ['FastAPI'],
  ['Flask', '플라스크'],
  ['Go', 'Golang', '고랭'],
  ['Rust', '러스트'],
  ['C++', '씨쁠쁠', 'cpp'],
  ['C#', '씨샵'],
  ['Swift', '스위프트'],
  ['Flutter', '플러터'],
  ['React Native', '리액트 네이티브'],
  ['Android', '안드로이드'],
  ['iOS'],
  ['Docker', '도커'],
  ['Kubernetes', '쿠버네티스', 'k8s'],
  ['AWS', '아마존 웹 서비스'],
  ['MySQL'],
  ['PostgreSQL', '포스트그레스'],
  ['MongoDB', '몽고디비'],
  ['Redis', '레디스'],
  ['머신러닝', 'machine learning', 'ML'],
  ['딥러닝', 'deep learning', 'DL'],
  ['인공지능', 'AI'],
  ['데이터 분석', 'data analysis'],
  ['알고리즘', 'algorithm', '코테', '코딩테스트'],
];

/** Unicode White_Space (the database's search_fold() removes the same 25 characters). */
const WHITE_SPACE = /\p{White_Space}/gu;

/** The keyword or text with every White_Space character removed. */
export const removeWhiteSpace = (s: string): string => s.replace(WHITE_SPACE, '');

/** Space- and case-insensitive form used to compare a keyword with the table's names. */
export const foldName = (s: string): string => removeWhiteSpace(s).toLowerCase();

const byFolded = new Map<string, readonly string[]>();
for (const row of TECH_NAME_ROWS) for (const name of row) byFolded.set(foldName(name), row);

/**
 * The other names of the keyword's row, when the whole keyword equals one name (case- and space-insensitively);
 * else none. `JS` expands, `JSON` and `리액트 스터디` do not.
 */
export function otherNames(keyword: string): string[] {
  const folded = foldName(keyword);
  const row = byFolded.get(folded);
  return row ? row.filter((name) => foldName(name) !== folded) : [];
}

/** The 19 initial consonants of Hangul syllables, as compatibility jamo, in Unicode order. */
export const INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
const JAMO_ONLY = /^[\u3131-\u314e]+$/u;

/** A 초성 keyword: 2 or more compatibility jamo ㄱ–ㅎ and nothing else, spaces ignored. */
export function isInitialsKeyword(keyword: string): boolean {
  const compact = removeWhiteSpace(keyword);
  return [...compact].length >= 2 && JAMO_ONLY.test(compact);
}

/** The initial consonant of a Hangul syllable (compatibility jamo), or null for any other character. */
export function initialOf(ch: string): string | null {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp < HANGUL_FIRST || cp > HANGUL_LAST) return null;
  return INITIALS[Math.floor((cp - HANGUL_FIRST) / 588)]!;
}

/**
 * What a search keyword stands for: the keyword without white space (compared lower-cased), the other names of
 * its row (each without white space), and the 초성 string when it is a 초성 keyword.
 */
export interface SearchTerms {
  compact: string;
  /** the other names, white space removed */
  names: string[];
  /** the other names as the table writes them */
  written: string[];
  initials: string | null;
}

export function searchTerms(keyword: string): SearchTerms {
  const compact = removeWhiteSpace(keyword);
  const written = otherNames(keyword);
  return {
    compact,
    names: written.map(removeWhiteSpace),
    written,
    initials: isInitialsKeyword(keyword) ? compact : null,
  };
}

/** A range of a text, [start, end) in UTF-16 units, that a search matched. */
export type MatchRange = readonly [number, number];

interface Unit {
  text: string;
  start: number;
  end: number;
}

/** The text's characters without white space, each with where it stands in the text. */
function units(text: string): Unit[] {
  const out: Unit[] = [];
  let i = 0;
  for (const ch of text) {
    if (!/\p{White_Space}/u.test(ch)) out.push({ text: ch, start: i, end: i + ch.length });
    i += ch.length;
  }
  return out;
}

function find(haystack: string[], needle: string[], u: Unit[], into: Array<[number, number]>) {
  if (needle.length === 0) return;
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    let ok = true;
    for (let j = 0; j < needle.length && ok; j++) ok = haystack[i + j] === needle[j];
    if (ok) into.push([u[i]!.start, u[i + needle.length - 1]!.end]);
  }
}

/**
 * The parts of `text` a search for `keyword` matched (§10.5): the keyword and the other names of its row,
 * space- and case-insensitively, and with `initials` (titles and nicknames) the 초성 of consecutive syllables.
 * Sorted, overlapping ranges merged. For highlighting: the caller builds the markup from these ranges.
 */
export function matchRanges(text: string, keyword: string, opts: { initials: boolean }): MatchRange[] {
  const terms = searchTerms(keyword.trim());
  const u = units(text);
  const lowered = u.map((x) => x.text.toLowerCase());
  const found: Array<[number, number]> = [];
  for (const term of [terms.compact, ...terms.names]) {
    find(lowered, [...term.toLowerCase()], u, found);
  }
  if (opts.initials && terms.initials) {
    find(
      u.map((x) => initialOf(x.text) ?? ' '),
      [...terms.initials],
      u,
      found,
    );
  }
  found.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Array<[number, number]> = [];
  for (const r of found) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}
