import { z } from 'zod';
import { dateTime, pageOf } from './common.js';
import { hiddenMark } from './hidden.js';
import { bodyId, codePoints, fieldsBody, pageParam, text } from './text.js';

export const BOARD_TITLE_REQUIRED = '제목을 입력해주세요.';
export const BOARD_TITLE_TOO_LONG = '제목은 최대 100자까지 입력 가능합니다.';
export const BOARD_CONTENT_REQUIRED = '내용을 입력해주세요.';
export const BOARD_CONTENT_TOO_LONG = '내용은 최대 10000자까지 입력 가능합니다.';
export const REPLY_CONTENT_REQUIRED = '댓글 내용을 입력해주세요.';
export const REPLY_CONTENT_TOO_LONG = '댓글은 최대 500자까지 입력 가능합니다.';
export const SEARCH_KEYWORD_TOO_LONG = '검색어는 최대 50자까지 입력 가능합니다.';
export const CATEGORY_NOT_FOUND = '카테고리를 찾을 수 없습니다.';
/** (choice) a reply body without a usable boardId */
export const REPLY_BOARD_INVALID = '게시글 정보가 올바르지 않습니다.';
export const INVALID_PARENT_REPLY = '상위 댓글이 존재하지 않습니다.';

/** Seeded with fixed ids (docs/api.md §2.1). */
export const BOARD_CATEGORIES = [
  { id: 1, name: '일반글', description: '일반적인 내용의 글' },
  { id: 2, name: '모집글', description: '인원을 모집하는 글(프로젝트, 스터디, 대회, 토론 등)' },
  { id: 3, name: '공지글', description: '관리자의 공지글' },
  { id: 4, name: '상담글', description: '상담을 원하는 사용자의 글' },
  { id: 5, name: '판매글', description: '중고책, 전자장비 등을 판매하는 글' },
] as const;

export const boardTitleField = text({ required: BOARD_TITLE_REQUIRED, tooLong: BOARD_TITLE_TOO_LONG, max: 100 });
export const boardContentField = text({
  required: BOARD_CONTENT_REQUIRED,
  tooLong: BOARD_CONTENT_TOO_LONG,
  max: 10000,
  multiline: true,
});
export const replyContentField = text({
  required: REPLY_CONTENT_REQUIRED,
  tooLong: REPLY_CONTENT_TOO_LONG,
  max: 500,
  multiline: true,
});

/*
 * Every body below is read with fieldsBody: a missing or non-object body has no fields, so it answers the first
 * field's own text (title, or the reply's board), like the other create and edit routes.
 */

/** `authorId` is accepted and ignored: the author is always the caller (docs/api.md §1.5). */
const createBoardFields = z.object({
  title: boardTitleField,
  content: boardContentField,
  categoryId: bodyId(CATEGORY_NOT_FOUND),
  authorId: z.unknown().optional(),
});
export const createBoardBody = fieldsBody(createBoardFields.shape);
export type CreateBoardBody = z.input<typeof createBoardFields>;

/** The category is fixed after create; a sent one is ignored. */
const updateBoardFields = z.object({ title: boardTitleField, content: boardContentField });
export const updateBoardBody = fieldsBody(updateBoardFields.shape);
export type UpdateBoardBody = z.input<typeof updateBoardFields>;

const parentIdField = bodyId(INVALID_PARENT_REPLY);
/** null, missing or empty means a top-level reply. */
const optionalParentId = z
  .unknown()
  .optional()
  .transform((v, ctx): number | null => {
    if (v === null || v === undefined || v === '') return null;
    const parsed = parentIdField.safeParse(v);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: INVALID_PARENT_REPLY });
    return z.NEVER;
  });

const createReplyFields = z.object({
  boardId: bodyId(REPLY_BOARD_INVALID),
  content: replyContentField,
  parentReplyId: optionalParentId,
  authorId: z.unknown().optional(),
});
export const createReplyBody = fieldsBody(createReplyFields.shape);
export type CreateReplyBody = z.input<typeof createReplyFields>;

const updateReplyFields = z.object({ content: replyContentField });
export const updateReplyBody = fieldsBody(updateReplyFields.shape);
export type UpdateReplyBody = z.input<typeof updateReplyFields>;

export const BOARD_SEARCH_TYPES = ['all', 'title', 'author', 'content'] as const;
export type BoardSearchType = (typeof BOARD_SEARCH_TYPES)[number];

const optionalQueryText = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' ? v.trim() : Array.isArray(v) && typeof v[0] === 'string' ? v[0].trim() : ''));

export const boardSearchQuery = z.object({
  /** missing or unknown means all (choice, as in docs/api.md §3.3) */
  searchType: optionalQueryText.transform((v): BoardSearchType =>
    (BOARD_SEARCH_TYPES as readonly string[]).includes(v) ? (v as BoardSearchType) : 'all',
  ),
  keyword: optionalQueryText.refine((v) => codePoints(v) <= 50, { message: SEARCH_KEYWORD_TOO_LONG }),
  category: optionalQueryText,
  /** `relevance` (docs/api.md §10.5): the best-matching field first, then newest; anything else newest first (choice) */
  order: optionalQueryText.transform((v): BoardSearchOrder => (v === 'relevance' ? 'relevance' : 'latest')),
  page: pageParam,
});
export type BoardSearchOrder = 'latest' | 'relevance';

export const boardItem = z.object({
  boardId: z.number(),
  title: z.string(),
  authorNickname: z.string(),
  createdAt: dateTime,
  views: z.number(),
  replyCount: z.number(),
  ...hiddenMark,
});
export type BoardItem = z.infer<typeof boardItem>;

export const boardCategory = z.object({ id: z.number(), name: z.string(), description: z.string() });
export type BoardCategory = z.infer<typeof boardCategory>;

export const board = z.object({
  id: z.number(),
  boardId: z.number(),
  title: z.string(),
  content: z.string(),
  views: z.number(),
  replyCount: z.number(),
  createdAt: dateTime,
  updatedAt: dateTime,
  author: z.object({ id: z.number(), loginId: z.string().nullable(), nickname: z.string() }),
  authorNickname: z.string(),
  category: boardCategory,
  ...hiddenMark,
});
export type Board = z.infer<typeof board>;

export const reply = z.object({
  id: z.number(),
  content: z.string(),
  edited: z.boolean(),
  boardId: z.number(),
  authorId: z.number(),
  authorNickname: z.string(),
  parentReplyId: z.number().nullable(),
  createdAt: dateTime,
  ...hiddenMark,
});
export type Reply = z.infer<typeof reply>;

export const boardPage = pageOf(boardItem);
export const replyPage = pageOf(reply);
export const boardDetail = z.object({ board, replies: replyPage });
export type BoardDetail = z.infer<typeof boardDetail>;
