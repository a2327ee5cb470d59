import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, sessionExpired } from '../../shared/api/client';
import { limitReachedText } from '../../shared/ui/PageNotes';
import { usePostToEdit, useSavePost, type PostDetail, type RecruitmentBody, type StudyGroupBody } from './api';
import type { PostKind } from './kinds';

/**
 * Create and edit share a page: with an id in the path the post is loaded into the form (a load failure
 * goes back to the detail), and saving navigates to the saved post's detail.
 */
export function usePostForm(kind: PostKind, fill: (post: PostDetail) => void) {
  const id = useParams()[kind.idParam];
  const navigate = useNavigate();
  const saving = useSavePost(kind, id);
  const [loaded, setLoaded] = useState(false);
  /** a refusal said on the page (a new account's limit) */
  const [problem, setProblem] = useState<string | null>(null);

  const existing = usePostToEdit(kind, id);

  useEffect(() => {
    if (existing.data && !loaded) {
      setLoaded(true);
      fill(existing.data);
    }
  }, [existing.data, loaded, fill]);

  useEffect(() => {
    if (!existing.isError) return;
    alert('공고 정보를 불러오는 데 실패했습니다.');
    navigate(kind.detailPath(id!), { replace: true });
  }, [existing.isError, id, kind, navigate]);

  const save = (body: RecruitmentBody | StudyGroupBody) => {
    setProblem(null);
    saving.mutate(body, {
      onSuccess: (saved) => {
        alert(id ? '공고가 수정되었습니다.' : '공고가 등록되었습니다.');
        navigate(kind.detailPath(saved.id), { replace: true });
      },
      onError: (e) => {
        if (sessionExpired(e)) return;
        const limited = limitReachedText(e);
        if (limited) setProblem(limited);
        else if (e instanceof ApiError && e.status === 0) alert(e.message);
        else alert(id ? '공고 수정에 실패했습니다.' : '공고 등록에 실패했습니다.');
      },
    });
  };

  return { editing: !!id, ready: !id || loaded, busy: saving.isPending, save, problem, back: () => navigate(kind.listPath) };
}
