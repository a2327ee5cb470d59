// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCountView } from './useCountView';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

/** A count call that settles only when the test says so. */
function pendingCount() {
  const settle: Array<(ok: boolean) => void> = [];
  const count = vi.fn(
    () => new Promise<void>((resolve, reject) => settle.push((ok) => (ok ? resolve() : reject(new Error('down'))))),
  );
  return { count, settle: (ok = true) => settle.shift()!(ok) };
}

afterEach(() => localStorage.clear());

describe('useCountView: one view rule for post and board details', () => {
  it('counts the opened detail once and is ready only after that call settled', async () => {
    const { count, settle } = pendingCount();
    const { result } = renderHook(() => useCountView('7', count), { wrapper });
    await waitFor(() => expect(count).toHaveBeenCalledWith('7'));
    expect(result.current).toBe(false);
    settle();
    await waitFor(() => expect(result.current).toBe(true));
    expect(count).toHaveBeenCalledTimes(1);
  });

  it('never blocks the page: a failed count is ready too', async () => {
    const { count, settle } = pendingCount();
    const { result } = renderHook(() => useCountView('7', count), { wrapper });
    await waitFor(() => expect(count).toHaveBeenCalled());
    settle(false);
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('counts again for another detail and is not ready for it until its own call settled', async () => {
    const { count, settle } = pendingCount();
    const { result, rerender } = renderHook(({ id }) => useCountView(id, count), { wrapper, initialProps: { id: '7' } });
    await waitFor(() => expect(count).toHaveBeenCalledTimes(1));
    settle();
    await waitFor(() => expect(result.current).toBe(true));
    rerender({ id: '8' });
    await waitFor(() => expect(count).toHaveBeenLastCalledWith('8'));
    expect(result.current).toBe(false);
    settle();
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('with a browser flag, sends a view once per browser, and again after a failed call cleared the flag', async () => {
    const flag = (id: string) => `viewed-recruitment-${id}`;
    const { count, settle } = pendingCount();
    const first = renderHook(() => useCountView('7', count, flag), { wrapper });
    await waitFor(() => expect(count).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('viewed-recruitment-7')).toBe('true');
    settle(false);
    await waitFor(() => expect(first.result.current).toBe(true));
    expect(localStorage.getItem('viewed-recruitment-7')).toBeNull();
    first.unmount();

    const second = renderHook(() => useCountView('7', count, flag), { wrapper });
    await waitFor(() => expect(count).toHaveBeenCalledTimes(2));
    settle();
    await waitFor(() => expect(second.result.current).toBe(true));
    expect(localStorage.getItem('viewed-recruitment-7')).toBe('true');
    second.unmount();

    const third = renderHook(() => useCountView('7', count, flag), { wrapper });
    await waitFor(() => expect(third.result.current).toBe(true));
    expect(count).toHaveBeenCalledTimes(2);
  });
});
