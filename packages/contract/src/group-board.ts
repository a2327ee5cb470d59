import { z } from 'zod';
import { BAD_REQUEST_TEXT, codePoints, fieldsBody, text } from './text.js';
import { dateTime } from './common.js';
import { hiddenMark } from './hidden.js';
import { NOTIFICATION_SWITCH_TEXT, UNKNOWN_NOTIFICATION_TYPE_TEXT } from './notifications.js';

// ---- group notices (docs/api.md §9.2) ----

export const NOTICE_TITLE_TEXT = '공지 제목은 1~50자로 입력해주세요.';
export const NOTICE_CONTENT_TEXT = '공지 내용은 1~2000자로 입력해주세요.';
export const NOTICE_TITLE_MAX = 50;
export const NOTICE_CONTENT_MAX = 2000;
export const NOTICE_LIMIT = 100;

/** POST and PUT: title, content (both trimmed), then `pinned` (missing or null is false; otherwise a boolean). */
export const noticeBody = fieldsBody({
  title: text({ required: NOTICE_TITLE_TEXT, tooLong: NOTICE_TITLE_TEXT, max: NOTICE_TITLE_MAX }),
  content: text({ required: NOTICE_CONTENT_TEXT, tooLong: NOTICE_CONTENT_TEXT, max: NOTICE_CONTENT_MAX, multiline: true }),
  pinned: z
    .boolean({ error: BAD_REQUEST_TEXT })
    .nullish()
    .transform((v) => v ?? false),
});
export type NoticeBody = { title: string; content: string; pinned?: boolean };

export const notice = z.object({
  noticeId: z.number(),
  groupId: z.number(),
  title: z.string(),
  content: z.string(),
  pinned: z.boolean(),
  writerNickname: z.string(),
  createdDateTime: dateTime,
  updatedDateTime: dateTime,
  ...hiddenMark,
});
export type Notice = z.infer<typeof notice>;

// ---- shared links (docs/api.md §9.3) ----

export const LINK_TITLE_TEXT = '자료 제목은 1~50자로 입력해주세요.';
export const INVALID_URL_TEXT = '올바른 링크(http:// 또는 https://)를 입력해주세요.';
export const LINK_TITLE_MAX = 50;
export const LINK_URL_MAX = 500;
export const LINK_LIMIT = 200;

/** Field refusals that carry their own `X-Error-Code` instead of `validation_failed` (keyed by their text). */
export const FIELD_ERROR_CODES: Readonly<Record<string, string>> = {
  [INVALID_URL_TEXT]: 'invalid_url',
  [UNKNOWN_NOTIFICATION_TYPE_TEXT]: 'unknown_notification_type',
  [NOTIFICATION_SWITCH_TEXT]: 'invalid_notification_setting',
};

// Written out as typed: a scheme, "//", then the host's first character (no userinfo, path, backslash or space).
const ABSOLUTE_WEB_URL = /^https?:\/\/[^\s/\\?#@]/i;
// eslint-disable-next-line no-control-regex
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f\\]/;

/**
 * A link a browser opens as a web page and nothing else: an absolute http(s) URL of at most 500 characters with
 * a host, no credentials (`user:pass@`, `user@`), no spaces, controls or backslashes (which browsers read as
 * slashes, so what is shown would differ from where it goes). `javascript:`, `data:` and relative URLs fail.
 */
export function isWebLink(raw: string): boolean {
  if (codePoints(raw) > LINK_URL_MAX || !ABSOLUTE_WEB_URL.test(raw) || SPACE_OR_CONTROL.test(raw)) return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.username && !url.password;
}

export const linkBody = fieldsBody({
  title: text({ required: LINK_TITLE_TEXT, tooLong: LINK_TITLE_TEXT, max: LINK_TITLE_MAX }),
  url: z.string({ error: INVALID_URL_TEXT }).trim().refine(isWebLink, { message: INVALID_URL_TEXT, abort: true }),
});
export type LinkBody = { title: string; url: string };

export const groupLink = z.object({
  linkId: z.number(),
  groupId: z.number(),
  title: z.string(),
  url: z.string(),
  writerId: z.number(),
  writerNickname: z.string(),
  createdDateTime: dateTime,
  ...hiddenMark,
});
export type GroupLink = z.infer<typeof groupLink>;
