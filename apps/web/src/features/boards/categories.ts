import { BOARD_CATEGORIES } from '@app/contract';

/** Filter chips in the spec's order; the first one (all) resets the filter. */
export const CATEGORY_CHIPS = ['공지글', '일반글', '상담글', '모집글', '판매글'] as const satisfies ReadonlyArray<
  (typeof BOARD_CATEGORIES)[number]['name']
>;

export const SEARCH_TYPES = [
  { value: 'all', label: '전체' },
  { value: 'title', label: '제목' },
  { value: 'author', label: '작성자' },
  { value: 'content', label: '내용' },
] as const;

/** An anonymous visitor who tries to write a post or a reply is sent to /login after it. */
export const LOGIN_FIRST_ALERT = '로그인 후 이용가능한 서비스입니다.';
export const MY_BOARDS_LOGIN_ALERT = '로그인이 필요한 서비스입니다.';
export const BLANK_BOARD_ALERT = '제목과 내용을 모두 입력해주세요.';
