/** The showcase list's heading and its one-line description (also the page's description for search and link cards). */
export const SHOWCASE_HEADING = '쇼케이스';
export const SHOWCASE_SUBHEADING = '팀메이트에서 만난 팀이 끝까지 완성한 프로젝트와 스터디입니다.';
