import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Field } from '../../shared/ui/Field';
import { BLANK_BOARD_ALERT } from './categories';

interface BoardFormProps {
  heading: string;
  submitLabel: string;
  initial: { title: string; content: string };
  /** the category control: a select on register, read-only text on edit */
  category: ReactNode;
  onSubmit(values: { title: string; content: string }): Promise<void>;
}

/** Title, category and content; blank title or content is stopped with the spec's alert. */
export function BoardForm({ heading, submitLabel, initial, category, onSubmit }: BoardFormProps) {
  const navigate = useNavigate();
  const [title, setTitle] = useState(initial.title);
  const [content, setContent] = useState(initial.content);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim() || !content.trim()) {
      alert(BLANK_BOARD_ALERT);
      return;
    }
    setBusy(true);
    try {
      await onSubmit({ title: title.trim(), content: content.trim() });
    } finally {
      setBusy(false);
    }
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
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={() => navigate(-1)}>
            취소
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {submitLabel}
          </button>
        </div>
      </form>
    </div>
  );
}
