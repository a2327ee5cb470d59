import { BOARD_CATEGORIES } from '@app/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { alertFailure, errorText } from '../../shared/api/client';
import { Field } from '../../shared/ui/Field';
import { limitReachedText } from '../../shared/ui/PageNotes';
import { useCreateBoard } from './api';
import { BoardForm } from './BoardForm';

export default function BoardRegisterPage() {
  const navigate = useNavigate();
  const create = useCreateBoard();
  const [categoryId, setCategoryId] = useState<number>(BOARD_CATEGORIES[0].id);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (values: { title: string; content: string }) => {
    setProblem(null);
    create.mutate(
      { ...values, categoryId },
      {
        onSuccess: () => {
          alert('게시글이 등록되었습니다.');
          navigate('/boards');
        },
        onError: (e) => {
          const limited = limitReachedText(e);
          if (limited) setProblem(limited);
          else alertFailure(e, `게시글 등록 실패 : ${errorText(e)}`);
        },
      },
    );
  };

  return (
    <BoardForm
      heading="게시글 작성"
      submitLabel="등록"
      initial={{ title: '', content: '' }}
      busy={create.isPending}
      onSubmit={submit}
      problem={problem}
      category={
        <Field label="카테고리" htmlFor="board-category">
          <select
            id="board-category"
            className="input"
            value={categoryId}
            onChange={(e) => setCategoryId(Number(e.target.value))}
          >
            {BOARD_CATEGORIES.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
      }
    />
  );
}
