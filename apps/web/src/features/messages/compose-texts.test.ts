import { describe, expect, it, vi } from 'vitest';

vi.mock('../../shared/auth/store', () => ({ auth: { token: () => null } }));
const { ApiError } = await import('../../shared/api/client');
const { composeResultText } = await import('./compose-texts');

const notFound = new ApiError(400, 'user_not_found', '수신자를 찾을 수 없습니다.');
const tooLong = new ApiError(400, 'validation_failed', '쪽지 내용은 최대 1000자까지 입력 가능합니다.');
const network = new ApiError(0, 'network_error', '서버 오류가 발생했습니다.');

describe('composeResultText', () => {
  it('uses the header/detail/post wording by default', () => {
    expect(composeResultText('default')).toBe('쪽지가 성공적으로 전송되었습니다.');
    expect(composeResultText('default', notFound)).toBe('쪽지 전송에 실패했습니다.');
    expect(composeResultText('default', network)).toBe('쪽지 전송 중 오류가 발생했습니다.');
  });

  it('names a missing receiver on the inbox page only when the server text mentions 수신자', () => {
    expect(composeResultText('inbox')).toBe('쪽지를 성공적으로 보냈습니다.');
    expect(composeResultText('inbox', notFound)).toBe('쪽지 수신자를 찾을 수 없습니다.');
    expect(composeResultText('inbox', tooLong)).toBe('쪽지 전송에 실패했습니다.');
    expect(composeResultText('inbox', network)).toBe('쪽지 전송에 실패했습니다.');
  });

  it('keeps the reply wording short', () => {
    expect(composeResultText('reply')).toBe('답장 전송 완료');
    expect(composeResultText('reply', notFound)).toBe('답장 전송 실패');
  });

  it('shows the refusal of a block (docs/api.md §9.4) as the server says it, in every place', () => {
    const blocked = new ApiError(403, 'blocked', '상대방에게 쪽지를 보낼 수 없습니다.');
    for (const variant of ['default', 'inbox', 'reply'] as const) {
      expect(composeResultText(variant, blocked)).toBe('상대방에게 쪽지를 보낼 수 없습니다.');
    }
  });
});
