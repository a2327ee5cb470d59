import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertFailure, del, errorText } from '../../shared/api/client';
import { keys } from '../../shared/api/keys';

export const CANCEL_CONFIRM_TEXT = '지원을 취소하시겠습니까?';

/**
 * What a cancelled application shows in: my applications (the history on /myinfo, also the detail's 지원 완료),
 * the author's applicant list and my posts' applicant count. Their keys, by prefix.
 */
const AFFECTED_KEYS = [keys.myApplications, keys.posts.allApplicants, keys.posts.mine];

/** 지원 취소 (docs/api.md §9.1): after the confirm, cancels a pending application and says so. */
export function useCancelApplication() {
  const client = useQueryClient();
  const cancelling = useMutation({
    mutationFn: (applicationId: number) => del<string>(`/applications/${applicationId}`),
    onSettled: () => Promise.all(AFFECTED_KEYS.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
  const cancel = (applicationId: number) => {
    if (cancelling.isPending || !confirm(CANCEL_CONFIRM_TEXT)) return;
    cancelling.mutate(applicationId, {
      onSuccess: (text) => alert(text || '지원이 취소되었습니다.'),
      onError: (e) => alertFailure(e, `지원 취소 실패 : ${errorText(e)}`),
    });
  };
  return { cancel, pending: cancelling.isPending };
}
