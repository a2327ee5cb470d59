// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import ReportDialog from './ReportDialog';

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

const text = (status: number, body: string, code?: string) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...(code && { 'x-error-code': code }) } });

function open(fetch: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetch);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ReportDialog target={{ targetType: 'BOARD', targetId: 12 }} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

it('asks for a reason first, counts the detail, sends the trimmed report and says what happens next', async () => {
  const fetch = vi.fn(async () =>
    text(201, '신고가 접수되었습니다. 운영자가 확인한 뒤 조치하며, 결과는 따로 알려드리지 않습니다.'),
  );
  open(fetch);
  fireEvent.click(await screen.findByRole('button', { name: '신고하기' }));
  expect(await screen.findByRole('alert')).toHaveProperty('textContent', '신고 사유를 선택하세요.');
  expect(fetch).not.toHaveBeenCalled();

  fireEvent.click(screen.getByLabelText('욕설·비방'));
  fireEvent.change(screen.getByLabelText(/자세한 내용/), { target: { value: '  욕설이 있어요  ' } });
  expect(screen.getByText('7/500')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: '신고하기' }));

  expect((await screen.findByTestId('report-done')).textContent).toBe(
    '신고가 접수되었습니다. 운영자가 확인한 뒤 조치하며, 결과는 따로 알려드리지 않습니다.',
  );
  const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(path).toBe('/api/reports');
  expect(JSON.parse(init.body as string)).toEqual({
    targetType: 'BOARD',
    targetId: 12,
    reason: 'ABUSE',
    detail: '욕설이 있어요',
  });
});

it('says the server’s reason in place when the report is refused, and a detail past 500 is not sent', async () => {
  const fetch = vi.fn(async () => text(409, '이미 신고한 대상입니다.', 'report_exists'));
  open(fetch);
  fireEvent.click(await screen.findByLabelText('스팸·광고'));
  fireEvent.change(screen.getByLabelText(/자세한 내용/), { target: { value: '가'.repeat(501) } });
  fireEvent.click(screen.getByRole('button', { name: '신고하기' }));
  expect(screen.getByText('신고 내용은 500자 이내로 입력하세요.')).toBeTruthy();
  expect(fetch).not.toHaveBeenCalled();

  fireEvent.change(screen.getByLabelText(/자세한 내용/), { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: '신고하기' }));
  await waitFor(() => expect(screen.getByTestId('report-error').textContent).toBe('이미 신고한 대상입니다.'));
  expect(screen.queryByTestId('report-done')).toBeNull();
});
