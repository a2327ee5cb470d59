/**
 * The mixed-keyword search of the bench: 60 keywords of 2 to 6 characters, Korean and Latin, most of them
 * in the seeded titles, descriptions or nicknames and some in none, with a random search type and kind per request.
 */
export const KEYWORDS = [
  // 2 characters
  '자바',
  '파이',
  '토익',
  '알고',
  '게임',
  '디자',
  '리뷰',
  '주말',
  '모집',
  '스터',
  'AI',
  'Go',
  'UX',
  'iO',
  'SQ',
  '김민',
  '이서',
  '박도',
  '독서',
  '요리',
  // 3 characters
  '파이썬',
  '머신러',
  '안드로',
  '해커톤',
  '공모전',
  '모각코',
  '리액트',
  '클라우',
  'SQL',
  'ios',
  'Vue',
  'AWS',
  '김민준',
  '이서연',
  '최지호',
  '등산회',
  'zzz',
  // 4 to 6 characters
  '머신러닝',
  '블록체인',
  '알고리즘',
  '프로젝트',
  '데이터 분',
  '코드 리뷰',
  '디스코드',
  'React',
  'Flutt',
  'Docker',
  'Figma',
  'Spring',
  'DevOps',
  'Node.',
  '정보처리기',
  '사이드 프로',
  '오픈소스 기',
  '토요일 오후',
  '강남역 근처',
  'Kotlin',
  'Python',
  '양자컴퓨터',
  'rust',
];

const TYPES = ['all', 'title', 'content', 'creator'];
const KINDS = ['recruitments', 'study-groups'];
const pick = <T>(items: T[]) => items[(Math.random() * items.length) | 0];

export const mixedSearchPath = () =>
  `/api/${pick(KINDS)}/search?searchType=${pick(TYPES)}&keyword=${encodeURIComponent(pick(KEYWORDS))}`;
