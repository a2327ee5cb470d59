import { z } from 'zod';
import { EMAIL_TEXT, LOGIN_ID_TEXT } from './account.js';
import { fieldsBody } from './text.js';

/** A code is 4 digits, valid for 180 s (docs/api.md §6.1; the client's timer starts there too). */
export const CODE_LENGTH = 4;
export const CODE_TTL_SECONDS = 180;

/** Any string is looked up (trimmed, case-insensitively); one that matches nobody answers 404, not 400 (6.2, 6.3). */
const lookupEmail = z.string({ error: EMAIL_TEXT });
const lookupLoginId = z.string({ error: LOGIN_ID_TEXT });
/** Verify and change-password take anything: a missing or odd value simply matches no code or grant (6.1, 6.4). */
const anything = z.unknown().optional();

export const checkEmailBody = fieldsBody({ email: lookupEmail });
export type CheckEmailBody = { email: string };

export const loginIdEmailBody = fieldsBody({ loginId: lookupLoginId, email: lookupEmail });
export type LoginIdEmailBody = { loginId: string; email: string };

export const findIdVerifyBody = fieldsBody({ email: anything, code: anything });
export type FindIdVerifyBody = { email: string; code: string };

export const findPasswordVerifyBody = fieldsBody({ loginId: anything, email: anything, code: anything });
export type FindPasswordVerifyBody = { loginId: string; email: string; code: string };

export const changePasswordBody = fieldsBody({ loginId: anything, newPassword: anything, confirmPassword: anything });
export type ChangePasswordBody = { loginId: string; newPassword: string; confirmPassword: string };

export const maskedLoginIdsResponse = z.array(z.object({ maskedLoginId: z.string() }));
export type MaskedLoginId = z.infer<typeof maskedLoginIdsResponse>[number];
