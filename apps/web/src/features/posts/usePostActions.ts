import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { alertFailure, ApiError, errorText, sessionExpired } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/store';
import { postsApi } from './api';
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
  const queryClient = useQueryClient();

  /** true (after the alert and the move to /login) when nobody is logged in */
  const needLogin = () => {
    if (token) return false;
    alert('로그인이 필요합니다.');
    navigate('/login', { state: { from: location.pathname } });
    return true;
  };

  const apply = async () => {
    if (needLogin()) return;
    try {
      await postsApi.myProfile();
    } catch (e) {
      if (sessionExpired(e)) return;
      alert('지원 정보가 존재하지 않습니다...');
      navigate('/application-info/register');
      return;
    }
    try {
      await postsApi.apply(Number(id));
      alert('지원이 완료되었습니다.');
    } catch (e) {
      alertFailure(e, `지원 실패 : ${errorText(e)}`);
    }
  };

  const close = async () => {
    if (!confirm('공고를 마감하시겠습니까?')) return;
    try {
      const text = await postsApi.close(kind.api, id);
      void queryClient.invalidateQueries({ queryKey: [kind.key, 'list'] });
      alert(text || '공고가 마감되었습니다.');
      setTimeout(() => navigate(kind.listPath), kind.closeDelayMs);
    } catch (e) {
      alertFailure(e, kind.closeFailed(statusOf(e)));
    }
  };

  const remove = async () => {
    if (!confirm('정말 이 공고를 삭제하시겠습니까?')) return;
    try {
      await postsApi.remove(kind.api, id);
      void queryClient.invalidateQueries({ queryKey: [kind.key, 'list'] });
      alert('공고가 삭제되었습니다.');
      navigate(kind.listPath, { replace: true });
    } catch (e) {
      alertFailure(e, deleteFailed(statusOf(e)));
    }
  };

  return { needLogin, apply, close, remove };
}
