import { alertFailure } from '../../shared/api/client';
import { useDeleteMessage } from './api';

/** Asks 정말 이 쪽지를 삭제하시겠습니까?, deletes and says how it went; `onDeleted` runs after a deletion. */
export function useConfirmDeleteMessage() {
  const mutation = useDeleteMessage();
  const remove = (id: number, onDeleted?: () => void) => {
    if (!confirm('정말 이 쪽지를 삭제하시겠습니까?')) return;
    mutation.mutate(id, {
      onSuccess: () => {
        alert('쪽지가 삭제되었습니다.');
        onDeleted?.();
      },
      onError: (e) => alertFailure(e, '쪽지 삭제에 실패했습니다.'),
    });
  };
  return { remove, deleting: mutation.isPending };
}
