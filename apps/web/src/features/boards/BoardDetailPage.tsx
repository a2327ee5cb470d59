import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { alertFailure, ApiError } from '../../shared/api/client';
import { worked } from '../../shared/api/outcome';
import { useCountView } from '../../shared/api/useCountView';
import { useMe } from '../../shared/auth/useMe';
import { formatDateTime } from '../../shared/lib/format';
import { ActionMenu } from '../../shared/ui/ActionMenu';
import { EmptyState } from '../../shared/ui/EmptyState';
import { HiddenNotice } from '../../shared/ui/PageNotes';
import { LoadError } from '../../shared/ui/LoadError';
import { Pagination } from '../../shared/ui/Pagination';
import { ReportMenu } from '../../shared/report/ReportMenu';
import { SkeletonDetail } from '../../shared/ui/Skeleton';
import { boardsApi, useAddReply, useBoardDetail, useDeleteBoard, useDeleteReply, useEditReply } from './api';
import { ReplyForm } from './ReplyForm';
import { ReplyItem } from './ReplyItem';

const REPLY_PAGE_SIZE = 10;

export default function BoardDetailPage() {
  const { boardId = '' } = useParams();
  const navigate = useNavigate();
  const [page, setPage] = useState(0);
  const [target, setTarget] = useState<{ id: number; nickname: string } | null>(null);
  const viewed = useCountView(boardId, boardsApi.countView);
  const { data, isError, error, refetch } = useBoardDetail(boardId, page, viewed);
  const myId = useMe()?.id ?? null;
  const deleteBoard = useDeleteBoard(boardId);
  const addReply = useAddReply();
  const editReply = useEditReply();
  const deleteReply = useDeleteReply();

  // "does not exist" only when the server said so (404); any other failure offers a retry
  if (isError && error instanceof ApiError && error.status === 404) return <EmptyState text="게시글이 존재하지 않습니다." />;
  if (isError) return <LoadError onRetry={() => void refetch()} className="page" />;
  if (!data) return <SkeletonDetail />;
  const { board, replies } = data;
  const isOwner = myId !== null && board.author.id === myId;

  const removeBoard = () => {
    if (!confirm('게시글을 삭제하시겠습니까?')) return;
    const deleted = () => {
      alert('삭제되었습니다.');
      navigate('/boards', { replace: true });
    };
    deleteBoard.mutate(undefined, { onSuccess: deleted, onError: (e) => alertFailure(e, '게시글 삭제 실패') });
  };

  const submitReply = async (content: string) => {
    const ok = await worked(
      addReply.mutateAsync({ boardId: board.id, content, parentReplyId: target?.id ?? null }),
      '댓글 등록에 실패했습니다.',
    );
    if (!ok) return false;
    // a new top-level reply is last in thread order; a child stays beside its parent
    if (!target) setPage(Math.floor(replies.totalElements / REPLY_PAGE_SIZE));
    setTarget(null);
    return true;
  };

  const removeReply = (id: number) => {
    if (!confirm('댓글을 삭제하시겠습니까?')) return;
    deleteReply.mutate(id, {
      onSuccess: () => {
        if (target?.id === id) setTarget(null);
        if (replies.content.length === 1 && page > 0) setPage(page - 1);
      },
      onError: (e) => alertFailure(e, '댓글 삭제 실패'),
    });
  };

  return (
    <div className="page flex max-w-4xl flex-col gap-6">
      <article className="card flex flex-col gap-4 p-6">
        <HiddenNotice mark={board} what="글" />
        <div className="flex items-start justify-between gap-4">
          <div className="flex flex-col gap-2">
            <span
              className="w-fit rounded-full bg-indigo-50 px-3 py-0.5 text-xs font-medium text-indigo-700"
              data-testid="board-category"
            >
              {board.category.name}
            </span>
            <h1 className="text-2xl font-bold break-words" data-testid="board-title">
              {board.title}
            </h1>
          </div>
          {isOwner && (
            <ActionMenu
              label="게시글 관리"
              actions={[
                { label: '수정', onSelect: () => navigate(`/boards/edit/${board.id}`) },
                { label: '삭제', onSelect: removeBoard, danger: true, disabled: deleteBoard.isPending },
              ]}
            />
          )}
          {myId !== null && !isOwner && <ReportMenu label="게시글 메뉴" targetType="BOARD" targetId={board.id} />}
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1 border-b border-gray-100 pb-4 text-sm text-gray-500">
          <span data-testid="board-author">{board.authorNickname}</span>
          <span>{formatDateTime(board.createdAt)}</span>
          <span data-testid="board-views">조회수 {board.views}</span>
        </div>
        <div className="min-h-32 whitespace-pre-wrap break-words leading-relaxed" data-testid="board-content">
          {board.content}
        </div>
      </article>

      <section className="flex flex-col gap-4" aria-label="댓글">
        <h2 className="text-lg font-semibold" data-testid="reply-count">
          댓글 {board.replyCount}
        </h2>
        {replies.content.length > 0 && (
          <ul className="card divide-y divide-gray-100 px-5">
            {replies.content.map((r) => (
              <ReplyItem
                key={`${r.id}-${r.content}`}
                reply={r}
                canEdit={myId !== null && r.authorId === myId}
                canDelete={myId !== null && (r.authorId === myId || isOwner)}
                canReport={myId !== null && r.authorId !== myId}
                selected={target?.id === r.id}
                onSelect={() => setTarget({ id: r.id, nickname: r.authorNickname })}
                onEdit={(content) => worked(editReply.mutateAsync({ id: r.id, content }), '댓글 수정 실패')}
                deleting={deleteReply.isPending}
                onDelete={() => removeReply(r.id)}
              />
            ))}
          </ul>
        )}
        <Pagination page={page} totalPages={replies.totalPages} onChange={setPage} />
        <ReplyForm target={target} onCancelTarget={() => setTarget(null)} onSubmit={submitReply} />
      </section>
    </div>
  );
}
