import { alertFailure, errorText } from '../../shared/api/client';
import { blockConfirmText, useBlock, useBlocks, useUnblock } from './api';

interface Props {
  userId: number;
  nickname: string;
  className?: string;
}

/**
 * 차단하기 (after the confirm), or 차단 해제 when this user is already in my 차단 목록. The answer's text
 * (차단되었습니다. / 차단이 해제되었습니다.) is shown as the alert.
 */
export function BlockButton({ userId, nickname, className = 'btn-secondary' }: Props) {
  const { data: blocks } = useBlocks();
  const block = useBlock();
  const unblock = useUnblock();
  const blocked = !!blocks?.some((b) => b.userId === userId);
  const busy = block.isPending || unblock.isPending;
  const handlers = { onSuccess: (text: string) => alert(text), onError: (e: unknown) => alertFailure(e, errorText(e)) };

  const onClick = () => {
    if (blocked) return unblock.mutate(userId, handlers);
    if (confirm(blockConfirmText(nickname))) block.mutate(userId, handlers);
  };

  return (
    <button type="button" className={className} disabled={busy || !blocks} onClick={onClick}>
      {blocked ? '차단 해제' : '차단하기'}
    </button>
  );
}
