import { useId, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../../shared/auth/store';
import { LimitNote } from '../../shared/ui/LimitNote';
import { useTextLimit } from '../../shared/ui/useTextLimit';
import { useAskLogin } from './ask-login';
import { submitsReply } from './reply-enter';
import { REPLY_MAX, REPLY_TOO_LONG } from './reply-limit';

interface ReplyFormProps {
  /** the top-level reply being answered, if any */
  target: { id: number; nickname: string } | null;
  onCancelTarget(): void;
  onSubmit(content: string): Promise<boolean>;
}

/**
 * Enter submits, Shift+Enter adds a newline; Enter that confirms a Hangul composition is ignored.
 * An anonymous visitor may type, and is asked to log in when submitting.
 */
export function ReplyForm({ target, onCancelTarget, onSubmit }: ReplyFormProps) {
  const location = useLocation();
  const askLogin = useAskLogin();
  const { token } = useAuth();
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const blank = !content.trim();
  const limit = useTextLimit(useId(), content, REPLY_MAX, REPLY_TOO_LONG);

  const submit = async () => {
    if (!token) return askLogin(location.pathname);
    if (blank || busy || limit.over) return;
    setBusy(true);
    const ok = await onSubmit(content.trim());
    setBusy(false);
    if (ok) setContent('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!submitsReply({ key: e.key, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing, keyCode: e.keyCode })) return;
    e.preventDefault();
    void submit();
  };

  return (
    <div className="card flex flex-col gap-3 p-4" data-testid="reply-form">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium" data-testid="reply-form-header">
          {target ? `${target.nickname}님에게 답글 작성` : '댓글 작성'}
        </span>
        {target && (
          <button type="button" className="text-gray-500 hover:text-gray-800" onClick={onCancelTarget}>
            취소
          </button>
        )}
      </div>
      <textarea
        id={limit.id}
        className="input min-h-20 resize-y"
        aria-label="댓글 내용"
        placeholder={token ? '댓글을 입력하세요 (Shift+Enter 줄바꿈)' : '로그인 후 댓글을 작성할 수 있습니다.'}
        value={content}
        {...limit.control}
        onChange={(e) => setContent(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <LimitNote limit={limit} />
      <div className="flex justify-end">
        <button type="button" className="btn-primary" disabled={blank || busy || limit.over} onClick={() => void submit()}>
          등록
        </button>
      </div>
    </div>
  );
}
