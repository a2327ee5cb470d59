import { BLOCK_LIMIT } from '@app/contract';

/** docs/api.md §9.4 texts of the blocks routes (the refusals of 쪽지 and invites are in @app/contract). */
export const BLOCK_TEXTS = {
  blocked: '차단되었습니다.',
  unblocked: '차단이 해제되었습니다.',
  userNotFound: '사용자를 찾을 수 없습니다.',
  self: '자기 자신은 차단할 수 없습니다.',
  limit: `차단은 ${BLOCK_LIMIT}명까지 할 수 있습니다.`,
} as const;
