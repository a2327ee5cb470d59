// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auth } from '../../shared/auth/store';
import { ReplyForm } from './ReplyForm';
import { submitsReply } from './reply-keys';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    auth.login('x.eyJzdWIiOiJ0ZXN0In0.y', '테스터');
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
    auth.clear();
  });

  const render = (onSubmit: (c: string) => Promise<boolean>) =>
    act(() =>
      root.render(
        <MemoryRouter>
          <ReplyForm target={{ id: 1, nickname: '앨리스' }} onCancelTarget={() => {}} onSubmit={onSubmit} />
        </MemoryRouter>,
      ),
    );

  const type = (el: HTMLTextAreaElement, value: string) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    act(() => {
      setter.call(el, value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
  };

  it('names the reply target, disables submit when blank, and ignores the Enter that ends a composition', async () => {
    const onSubmit = vi.fn(async () => true);
    render(onSubmit);
    expect(host.textContent).toContain('앨리스님에게 답글 작성');
    const box = host.querySelector('textarea')!;
    const button = [...host.querySelectorAll('button')].find((b) => b.textContent === '등록')!;
    expect(button.disabled).toBe(true);
    type(box, '안녕');
    expect(button.disabled).toBe(false);
    act(() => {
      box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', isComposing: true, bubbles: true }));
    });
    expect(onSubmit).not.toHaveBeenCalled();
    await act(async () => {
      box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith('안녕');
  });

  it('lets an anonymous visitor type, then asks them to log in on submit and goes to /login', async () => {
    auth.clear();
    const alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const onSubmit = vi.fn(async () => true);
    const LoginProbe = () => <p data-testid="login">{String((useLocation().state as { from?: string } | null)?.from)}</p>;
    act(() =>
      root.render(
        <MemoryRouter initialEntries={['/boards/7']}>
          <Routes>
            <Route path="/boards/7" element={<ReplyForm target={null} onCancelTarget={() => {}} onSubmit={onSubmit} />} />
            <Route path="/login" element={<LoginProbe />} />
          </Routes>
        </MemoryRouter>,
      ),
    );
    const box = host.querySelector('textarea')!;
    expect(box.readOnly).toBe(false);
    type(box, '익명 댓글');
    await act(async () => {
      box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    expect(alertSpy).toHaveBeenCalledWith('로그인 후 이용가능한 서비스입니다.');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(host.querySelector('[data-testid="login"]')?.textContent).toBe('/boards/7');
    alertSpy.mockRestore();
  });
});
