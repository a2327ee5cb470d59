import { useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { alertFailure, ApiError, errorText } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/store';
import { useApply, useClosePost, useDeletePost } from './api';
import { deleteFailed, type PostKind } from './kinds';

const statusOf = (e: unknown) => (e instanceof ApiError ? e.status : 0);

/**
 * What a visitor or the author does on a post detail. A 401 on the way has already been answered by the
 * api client (alert and /login), so these say nothing more then.
 */
export function usePostActions(kind: PostKind, id: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const { token } = useAuth();
  const applying = useApply(id);
  const applyingNow = useRef(false);
  const closing = useClosePost(kind, id);
  const deleting = useDeletePost(kind, id);

  /** true (after the alert and the move to /login) when nobody is logged in */
  const needLogin = () => {
    if (token) return false;
    alert('로그인이 필요합니다.');
    navigate('/login', { state: { from: location.pathname } });
    return true;
  };

  const apply = () => {
    // a double tap sends one application: the second tap lands before React re-renders the disabled button
    if (applyingNow.current || needLogin()) return;
    applyingNow.current = true;
    applying.mutate(undefined, {
      onSettled: () => {
        applyingNow.current = false;
      },
      onSuccess: (outcome) => {
        if (outcome === 'applied') return alert('지원이 완료되었습니다.');
        alert('지원 정보가 존재하지 않습니다...');
        navigate('/application-info/register');
      },
      onError: (e) => alertFailure(e, `지원 실패 : ${errorText(e)}`),
    });
  };

  const close = () => {
    if (!confirm('공고를 마감하시겠습니까?')) return;
    closing.mutate(undefined, {
      onSuccess: (text) => {
        alert(text || '공고가 마감되었습니다.');
        setTimeout(() => navigate(kind.listPath), kind.closeDelayMs);
      },
      onError: (e) => alertFailure(e, kind.closeFailed(statusOf(e))),
    });
  };

  const remove = () => {
    if (!confirm('정말 이 공고를 삭제하시겠습니까?')) return;
    deleting.mutate(undefined, {
      onSuccess: () => {
        alert('공고가 삭제되었습니다.');
        navigate(kind.listPath, { replace: true });
      },
      onError: (e) => alertFailure(e, deleteFailed(statusOf(e))),
    });
  };

  return {
    needLogin,
    apply,
    close,
    remove,
    pending: { apply: applying.isPending, close: closing.isPending, remove: deleting.isPending },
  };
}
