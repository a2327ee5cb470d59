// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { ComposeMessageDialog } from './ComposeMessageDialog';

beforeAll(() => {
  // jsdom has no modal dialogs
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(() => vi.unstubAllGlobals());

it('a new account’s limit is said on the form with the server’s text, not in an alert, and the text stays', async () => {
  const limit = '가입 후 24시간 동안은 나에게 쪽지를 보낸 적 없는 사람 10명에게까지 쪽지를 보낼 수 있습니다.';
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(limit, { status: 429, headers: { 'x-error-code': 'new_account_limit' } })),
  );
  const alert = vi.fn();
  vi.stubGlobal('alert', alert);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ComposeMessageDialog receiverName="받는이" onClose={onClose} />
    </QueryClientProvider>,
  );
  fireEvent.change(await screen.findByPlaceholderText('답장할 내용을 입력하세요.'), { target: { value: '안녕하세요' } });
  fireEvent.click(screen.getByRole('button', { name: '전송하기' }));
  expect((await screen.findByTestId('form-problem')).textContent).toBe(limit);
  expect(alert).not.toHaveBeenCalled();
  expect(onClose).not.toHaveBeenCalled();
  expect((screen.getByPlaceholderText('답장할 내용을 입력하세요.') as HTMLTextAreaElement).value).toBe('안녕하세요');
});
