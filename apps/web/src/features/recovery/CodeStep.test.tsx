// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodeStep } from './CodeStep';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('CodeStep timer', () => {
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    vi.useFakeTimers();
    window.alert = vi.fn();
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
    vi.useRealTimers();
  });

  const button = (name: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === name)!;
  const timer = () => host.querySelector('[data-testid="code-timer"]')?.textContent;
  const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it('starts at 3:00, shows 시간 초과 at zero, and a re-issue starts it again', async () => {
    const send = vi.fn(async () => undefined);
    act(() => root.render(<CodeStep ready send={send} verify={async () => undefined} wrongCodeText="x" />));
    expect(timer()).toBeUndefined();
    await act(async () => button('인증 코드 전송').click());
    expect(send).toHaveBeenCalledTimes(1);
    expect(window.alert).toHaveBeenCalledWith('인증 코드가 이메일로 전송되었습니다.');
    expect(timer()).toBe('3:00');
    tick(61_000);
    expect(timer()).toBe('1:59');
    tick(119_000);
    expect(timer()).toBe('시간 초과');

    await act(async () => button('인증 코드 재전송').click());
    expect(send).toHaveBeenCalledTimes(2);
    expect(timer()).toBe('3:00');
    tick(1_000);
    expect(timer()).toBe('2:59');
  });

  it('a failed send says 인증 코드 전송 실패 and shows why', async () => {
    const send = vi.fn(async () => {
      throw new Error('boom');
    });
    act(() => root.render(<CodeStep ready send={send} verify={async () => undefined} wrongCodeText="x" />));
    await act(async () => button('인증 코드 전송').click());
    expect(window.alert).toHaveBeenCalledWith('인증 코드 전송 실패');
    expect(host.textContent).toContain('서버 오류가 발생했습니다.');
    expect(timer()).toBeUndefined();
  });
});
