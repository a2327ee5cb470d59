// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auth } from '../../shared/auth/store';
import { ReplyForm } from './ReplyForm';
import { submitsReply } from './reply-enter';

describe('submitsReply', () => {
  const key = (over: Partial<Parameters<typeof submitsReply>[0]>) =>
    submitsReply({ key: 'Enter', shiftKey: false, isComposing: false, keyCode: 13, ...over });
  it('Enter submits; Shift+Enter, composing Enter and other keys do not', () => {
    expect(key({})).toBe(true);
    expect(key({ shiftKey: true })).toBe(false);
    expect(key({ isComposing: true })).toBe(false);
    expect(key({ keyCode: 229 })).toBe(false);
    expect(key({ key: 'a', keyCode: 65 })).toBe(false);
  });
});

describe('ReplyForm', () => {
  beforeEach(() => auth.login('x.eyJzdWIiOiJ0ZXN0In0.y', '테스터'));
  afterEach(() => {
    auth.clear();
    vi.restoreAllMocks();
  });

  const box = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: '댓글 내용' });
  const submitButton = () => screen.getByRole<HTMLButtonElement>('button', { name: '등록' });

  it('names the reply target, disables submit when blank, and ignores the Enter that ends a composition', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => true);
    render(
      <MemoryRouter>
        <ReplyForm target={{ id: 1, nickname: '앨리스' }} onCancelTarget={() => {}} onSubmit={onSubmit} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('reply-form-header').textContent).toBe('앨리스님에게 답글 작성');
    expect(submitButton().disabled).toBe(true);
    await user.type(box(), '안녕');
    expect(submitButton().disabled).toBe(false);
    // user-event cannot compose Hangul: the Enter that confirms a composition is sent as the browser sends it
    fireEvent.keyDown(box(), { key: 'Enter', isComposing: true });
    expect(onSubmit).not.toHaveBeenCalled();
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(box().value).toBe('안녕\n');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith('안녕');
    // a sent reply empties the box
    expect(box().value).toBe('');
  });

  it('lets an anonymous visitor type, then asks them to log in on submit and goes to /login', async () => {
    auth.clear();
    const user = userEvent.setup();
    const alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const onSubmit = vi.fn(async () => true);
    const LoginProbe = () => <p data-testid="login">{String((useLocation().state as { from?: string } | null)?.from)}</p>;
    render(
      <MemoryRouter initialEntries={['/boards/7']}>
        <Routes>
          <Route path="/boards/7" element={<ReplyForm target={null} onCancelTarget={() => {}} onSubmit={onSubmit} />} />
          <Route path="/login" element={<LoginProbe />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(box().readOnly).toBe(false);
    await user.type(box(), '익명 댓글');
    expect(box().value).toBe('익명 댓글');
    await user.keyboard('{Enter}');
    expect(alertSpy).toHaveBeenCalledWith('로그인 후 이용가능한 서비스입니다.');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByTestId('login').textContent).toBe('/boards/7');
  });
});
