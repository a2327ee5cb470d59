import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Field } from '../../shared/ui/Field';
import { FormButtons } from '../../shared/ui/FormButtons';
import { FormProblem } from '../../shared/ui/PageNotes';
import { LimitNote } from '../../shared/ui/LimitNote';
import { fromContract, refuseOverLimit } from '../../shared/ui/text-limit';
import { useTextLimit } from '../../shared/ui/useTextLimit';
import { BLANK_BOARD_ALERT } from './categories';

const TITLE_TOO_LONG = fromContract((c) => c.BOARD_TITLE_TOO_LONG);
const CONTENT_TOO_LONG = fromContract((c) => c.BOARD_CONTENT_TOO_LONG);

interface BoardFormProps {
  heading: string;
  submitLabel: string;
  initial: { title: string; content: string };
  /** the category control: a select on register, read-only text on edit */
  category: ReactNode;
  /** the save is under way */
  busy: boolean;
  onSubmit(values: { title: string; content: string }): void;
  /** a refusal said on the page (a new account's limit) */
  problem?: string | null;
}

/** Title, category and content; blank title or content is stopped with the spec's alert. */
export function BoardForm({ heading, submitLabel, initial, category, busy, onSubmit, problem = null }: BoardFormProps) {
  const navigate = useNavigate();
  const [title, setTitle] = useState(initial.title);
  const [content, setContent] = useState(initial.content);
  const titleLimit = useTextLimit('board-title', title, 100, TITLE_TOO_LONG);
  const contentLimit = useTextLimit('board-content', content, 10000, CONTENT_TOO_LONG);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (refuseOverLimit([titleLimit, contentLimit])) return;
    if (!title.trim() || !content.trim()) {
      alert(BLANK_BOARD_ALERT);
      return;
    }
    onSubmit({ title: title.trim(), content: content.trim() });
  };

  return (
    <div className="page max-w-3xl">
      <form className="card flex flex-col gap-5 p-6" onSubmit={submit} noValidate>
        <h1 className="text-xl font-bold">{heading}</h1>
        <Field label="제목" htmlFor="board-title">
          <input
            id="board-title"
            className="input"
            value={title}
            {...titleLimit.control}
            onChange={(e) => setTitle(e.target.value)}
          />
          <LimitNote limit={titleLimit} />
        </Field>
        {category}
        <Field label="내용" htmlFor="board-content">
          <textarea
            id="board-content"
            className="input min-h-72 resize-y"
            value={content}
            {...contentLimit.control}
            onChange={(e) => setContent(e.target.value)}
          />
          <LimitNote limit={contentLimit} />
        </Field>
        <FormProblem text={problem} />
        <FormButtons cancelLabel="취소" onCancel={() => navigate(-1)} submitLabel={submitLabel} busy={busy} />
      </form>
    </div>
  );
}
