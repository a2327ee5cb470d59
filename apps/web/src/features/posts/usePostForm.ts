import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, sessionExpired } from '../../shared/api/client';
import { postsApi, type PostDetail, type RecruitmentBody, type StudyGroupBody } from './api';
import type { PostKind } from './kinds';

/**
 * Create and edit share a page: with an id in the path the post is loaded into the form (a load failure
 * goes back to the detail), and saving navigates to the saved post's detail.
 */
export function usePostForm(kind: PostKind, idParam: string, fill: (post: PostDetail) => void) {
  const id = useParams()[idParam];
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [loaded, setLoaded] = useState(false);

  const existing = useQuery({
    queryKey: [kind.key, 'edit', id],
    queryFn: () => postsApi.detail(kind.api, id!),
    enabled: !!id,
    staleTime: 0,
    gcTime: 0,
  });

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

  const save = async (body: RecruitmentBody | StudyGroupBody) => {
    setBusy(true);
    try {
      const saved = id ? await postsApi.update(kind.api, id, body) : await postsApi.create(kind.api, body);
      await queryClient.invalidateQueries({ queryKey: [kind.key] });
      alert(id ? '공고가 수정되었습니다.' : '공고가 등록되었습니다.');
      navigate(kind.detailPath(saved.id), { replace: true });
    } catch (e) {
      if (sessionExpired(e)) return;
      if (e instanceof ApiError && e.status === 0) alert(e.message);
      else alert(id ? '공고 수정에 실패했습니다.' : '공고 등록에 실패했습니다.');
    } finally {
      setBusy(false);
    }
  };

  return { editing: !!id, ready: !id || loaded, busy, save, back: () => navigate(kind.listPath) };
}
