import { useNavigate, useParams } from 'react-router';
import { alertFailure } from '../../shared/api/client';
import { EmptyState } from '../../shared/ui/EmptyState';
import { Field } from '../../shared/ui/Field';
import { useMe } from '../../shared/auth/useMe';
import { useBoardDetail, useUpdateBoard } from './api';
import { BoardForm } from './BoardForm';

export default function BoardEditPage() {
  const { boardId = '' } = useParams();
  const navigate = useNavigate();
  const { data, isError } = useBoardDetail(boardId, 0);
  const myId = useMe()?.id ?? null;
  const update = useUpdateBoard(boardId);

  if (isError) return <EmptyState text="게시글을 불러올 수 없습니다." />;
  if (!data) return <div className="page" />;
  const { board } = data;
  if (myId !== null && board.author.id !== myId) return <EmptyState text="게시글을 수정할 권한이 없습니다." />;

  const submit = (values: { title: string; content: string }) =>
    update.mutate(values, {
      onSuccess: () => {
        alert('게시글이 수정되었습니다.');
        navigate(`/boards/${boardId}`);
      },
      onError: (e) => alertFailure(e, '게시글 수정 실패'),
    });

  return (
    <BoardForm
      heading="게시글 수정"
      submitLabel="수정"
      initial={{ title: board.title, content: board.content }}
      busy={update.isPending}
      onSubmit={submit}
      category={
        <Field label="카테고리" htmlFor="board-category">
          <input id="board-category" className="input" value={board.category.name} readOnly disabled />
        </Field>
      }
    />
  );
}
