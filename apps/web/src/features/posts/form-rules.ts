export const FILL_ALL = '모든 항목을 정확히 입력해주세요.';
export const MIN_MEMBERS = 2;
export const MAX_MEMBERS = 100;

/** The headcount box keeps what is typed and is clamped to 2..100 when it loses focus. */
export const clampMembers = (raw: string) => String(Math.min(MAX_MEMBERS, Math.max(MIN_MEMBERS, Math.trunc(Number(raw)) || MIN_MEMBERS)));
