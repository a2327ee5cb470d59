import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../shared/auth/store';
import { usePageParam } from '../../shared/lib/usePageParam';
import { LoadError } from '../../shared/ui/LoadError';
import { Pagination } from '../../shared/ui/Pagination';
import { SkeletonRows } from '../../shared/ui/Skeleton';
import { useMyBoards } from './api';
import { BoardRows } from './BoardRows';
import { MY_BOARDS_LOGIN_ALERT } from './categories';

/** Own posts. Not behind the generic guard: a logged-out visitor gets this page's own text. */
export default function MyBoardsPage() {
  const navigate = useNavigate();
  const { token } = useAuth();
  const [page, setPage] = usePageParam();
  const alerted = useRef(false);
  const { data, isPending, isError, refetch } = useMyBoards(page, !!token);

  // a page being left (a 401 sends the session to /login) may re-render once after the session is cleared: not a visit
  const leaving = useLocation().pathname !== window.location.pathname;
  useEffect(() => {
    if (!token && !leaving && !alerted.current) {
      alerted.current = true;
      alert(MY_BOARDS_LOGIN_ALERT);
      navigate('/login', { replace: true, state: { from: '/my-boards' } });
    }
  }, [token, leaving, navigate]);

  if (!token) return null;
  return (
    <div className="page flex flex-col gap-6">
      <h1 className="text-2xl font-bold">내가 쓴 글</h1>
      <section className="card overflow-hidden">
        {isPending && <SkeletonRows />}
        {isError && <LoadError onRetry={() => void refetch()} />}
        {data && !isError && (
          <BoardRows
            items={data.content}
            empty="작성한 게시글이 없습니다."
            emptyAction={
              <Link to="/boards/register" className="btn-primary">
                첫 글 쓰기
              </Link>
            }
          />
        )}
      </section>
      <Pagination page={page} totalPages={data?.totalPages ?? 0} onChange={setPage} />
    </div>
  );
}
