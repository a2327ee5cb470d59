// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodeStep } from './CodeStep';

describe('CodeStep timer', () => {
  beforeEach(() => {
    // the countdown's clock and ticks only: Testing Library waits on real setTimeout between actions
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.stubGlobal('alert', vi.fn());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const timer = () => screen.queryByTestId('code-timer')?.textContent;
  const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));
  // the countdown starts once the send has resolved, outside Testing Library's act: its interval is set by an effect
  // that may run a moment after the first render shows 3:00, and a tick before it would move nothing
  const counting = () => waitFor(() => expect(vi.getTimerCount()).toBeGreaterThan(0));

  it('starts at 3:00, shows 시간 초과 at zero, and a re-issue starts it again', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => undefined);
    render(<CodeStep ready send={send} verify={async () => undefined} wrongCodeText="x" />);
    expect(timer()).toBeUndefined();
    await user.click(screen.getByRole('button', { name: '인증 코드 전송' }));
    expect(send).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith('인증 코드가 이메일로 전송되었습니다.');
    expect(timer()).toBe('3:00');
    await counting();
    tick(61_000);
    expect(timer()).toBe('1:59');
    tick(119_000);
    expect(timer()).toBe('시간 초과');

    await user.click(screen.getByRole('button', { name: '인증 코드 재전송' }));
    expect(send).toHaveBeenCalledTimes(2);
    expect(timer()).toBe('3:00');
    await counting();
    tick(1_000);
    expect(timer()).toBe('2:59');
  });

  it('a failed send says 인증 코드 전송 실패 and shows why', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => {
      throw new Error('boom');
    });
    render(<CodeStep ready send={send} verify={async () => undefined} wrongCodeText="x" />);
    await user.click(screen.getByRole('button', { name: '인증 코드 전송' }));
    expect(alert).toHaveBeenCalledWith('인증 코드 전송 실패');
    expect(screen.getByText('서버 오류가 발생했습니다.')).toBeTruthy();
    expect(timer()).toBeUndefined();
    // the send can be tried again
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '인증 코드 전송' }).disabled).toBe(false);
  });
});
