import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { alertFailure } from '../../shared/api/client';
import { messagesApi, refreshMessages } from './api';

/** Asks 정말 이 쪽지를 삭제하시겠습니까?, deletes, says how it went; true when deleted. */
export function useDeleteMessage() {
  const client = useQueryClient();
  return useCallback(
    async (id: number): Promise<boolean> => {
      if (!confirm('정말 이 쪽지를 삭제하시겠습니까?')) return false;
      try {
        await messagesApi.remove(id);
        alert('쪽지가 삭제되었습니다.');
        return true;
      } catch (e) {
        alertFailure(e, '쪽지 삭제에 실패했습니다.');
        return false;
      } finally {
        void refreshMessages(client);
      }
    },
    [client],
  );
}
