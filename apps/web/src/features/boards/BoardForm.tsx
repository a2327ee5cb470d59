import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Field } from '../../shared/ui/Field';
import { FormButtons } from '../../shared/ui/FormButtons';
import { BLANK_BOARD_ALERT } from './categories';

interface BoardFormProps {
  heading: string;
  submitLabel: string;
  initial: { title: string; content: string };
  /** the category control: a select on register, read-only text on edit */
  category: ReactNode;
  /** the save is under way */
  busy: boolean;
  onSubmit(values: { title: string; content: string }): void;
}

/** Title, category and content; blank title or content is stopped with the spec's alert. */
export function BoardForm({ heading, submitLabel, initial, category, busy, onSubmit }: BoardFormProps) {
  const navigate = useNavigate();
  const [title, setTitle] = useState(initial.title);
  const [content, setContent] = useState(initial.content);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
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
          <input id="board-title" className="input" maxLength={100} value={title} onChange={(e) => setTitle(e.target.value)} />
        </Field>
        {category}
        <Field label="내용" htmlFor="board-content">
          <textarea
            id="board-content"
            className="input min-h-72 resize-y"
            maxLength={10000}
            value={content}
            onChange={(e) => setContent(e.target.value)}
          />
        </Field>
        <FormButtons cancelLabel="취소" onCancel={() => navigate(-1)} submitLabel={submitLabel} busy={busy} />
      </form>
    </div>
  );
}
