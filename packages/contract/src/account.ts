import { z } from 'zod';
import { fieldsBody, text } from './text.js';

export const LOGIN_ID_TEXT = '아이디는 4~20자의 영문, 숫자, 밑줄(_)만 사용할 수 있습니다.';
export const PASSWORD_SHORT_TEXT = '비밀번호는 8자 이상이어야 합니다.';
export const PASSWORD_LONG_TEXT = '비밀번호는 128자 이하여야 합니다.';
export const EMAIL_TEXT = '올바른 이메일 형식이 아닙니다.';
export const PHONE_TEXT = '전화번호는 -제외하고 01로 시작하는 10~11자리 숫자로 입력해주세요.';
export const NICKNAME_TEXT = '닉네임은 2~20자로 입력해주세요.';
export const RESERVED_NICKNAME_TEXT = '사용할 수 없는 닉네임입니다.';

export const RESERVED_NICKNAMES = ['[시스템]', '탈퇴한 사용자', '시스템', '관리자', '운영자', 'admin', 'system'];
export const isReservedNickname = (n: string) => RESERVED_NICKNAMES.includes(n.trim().toLowerCase());

export const SYSTEM_NAME = '[시스템]';
export const WITHDRAWN_NAME = '탈퇴한 사용자';

const EMAIL_RE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export const loginIdField = z
  .string({ error: LOGIN_ID_TEXT })
  .trim()
  .regex(/^[A-Za-z0-9_]{4,20}$/, { message: LOGIN_ID_TEXT });

export const passwordField = z
  .string({ error: PASSWORD_SHORT_TEXT })
  .refine((s) => [...s].length >= 8, { message: PASSWORD_SHORT_TEXT, abort: true })
  .refine((s) => [...s].length <= 128, { message: PASSWORD_LONG_TEXT, abort: true });

export const emailField = z
  .string({ error: EMAIL_TEXT })
  .trim()
  .refine((s) => s.length <= 254 && EMAIL_RE.test(s), { message: EMAIL_TEXT });

export const phoneField = z
  .string({ error: PHONE_TEXT })
  .trim()
  .regex(/^01\d{8,9}$/, { message: PHONE_TEXT });

export const nicknameField = text({ required: NICKNAME_TEXT, min: 2, max: 20, tooLong: NICKNAME_TEXT }).refine(
  (s) => !isReservedNickname(s),
  { message: RESERVED_NICKNAME_TEXT, abort: true },
);

/** Account bodies read a missing or non-object body as `{}`, so the first field's own text answers (1.6). */
export const registerBody = fieldsBody({
  loginId: loginIdField,
  password: passwordField,
  email: emailField,
  phoneNumber: phoneField,
  nickname: nicknameField,
});
export type RegisterBody = { loginId: string; password: string; email: string; phoneNumber: string; nickname: string };

export const updateUserBody = fieldsBody({
  loginId: z.unknown().optional(),
  /** empty, null or missing keeps the current password */
  password: z.preprocess((p) => (p === '' || p === null ? undefined : p), passwordField.optional()),
  email: emailField,
  phoneNumber: phoneField,
  nickname: nicknameField,
});
export type UpdateUserBody = { loginId?: string; password?: string | null; email: string; phoneNumber: string; nickname: string };

export const LOGIN_EMPTY_TEXT = '아이디와 비밀번호를 입력해주세요.';
export const loginBody = fieldsBody({
  loginId: z.string({ error: LOGIN_EMPTY_TEXT }).trim().min(1, { message: LOGIN_EMPTY_TEXT }),
  password: z.string({ error: LOGIN_EMPTY_TEXT }).min(1, { message: LOGIN_EMPTY_TEXT }),
});
export type LoginBody = { loginId: string; password: string };

export const loginResponse = z.object({
  loginId: z.string(),
  token: z.string(),
  role: z.literal('ROLE_USER'),
  nickname: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const checkLoginIdBody = fieldsBody({ loginId: loginIdField });
export const checkNicknameBody = fieldsBody({
  nickname: text({ required: NICKNAME_TEXT, min: 2, max: 20, tooLong: NICKNAME_TEXT }),
});

export const meResponse = z.object({
  id: z.number(),
  /** null for an account made with another sign-in (docs/api.md §10.3) until it sets one */
  loginId: z.string().nullable(),
  password: z.null(),
  email: z.string(),
  phoneNumber: z.string(),
  nickname: z.string(),
  /** an operator now (docs/api.md §10.4): granted, or listed in OPERATORS */
  operator: z.boolean(),
});
export type Me = z.infer<typeof meResponse>;
