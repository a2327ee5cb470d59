import { ApiError } from '../../shared/api/client';

export type ComposeVariant = 'default' | 'inbox' | 'reply';

export const EMPTY_MESSAGE_TEXT = '쪽지 내용을 입력하세요.';

/** The alert after a send, per place that opened the dialog. */
export function composeResultText(variant: ComposeVariant, error?: unknown): string {
  // a block either way (docs/api.md §9.4): the server's refusal says it, whatever the place
  if (error instanceof ApiError && error.code === 'blocked') return error.message;
  if (variant === 'reply') return error ? '답장 전송 실패' : '답장 전송 완료';
  if (variant === 'inbox') {
    if (!error) return '쪽지를 성공적으로 보냈습니다.';
    return error instanceof ApiError && error.message.includes('수신자')
      ? '쪽지 수신자를 찾을 수 없습니다.'
      : '쪽지 전송에 실패했습니다.';
  }
  if (!error) return '쪽지가 성공적으로 전송되었습니다.';
  // the api client reports an unreachable server as status 0
  return error instanceof ApiError && error.status === 0 ? '쪽지 전송 중 오류가 발생했습니다.' : '쪽지 전송에 실패했습니다.';
}
