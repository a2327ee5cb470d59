// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it } from 'vitest';
import { RecordLine } from '../../shared/ui/RecordLine';
import { finishOf, windowEnd } from './teams-api';
import type { Group } from './api';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function render(node: React.ReactNode) {
  const host = document.createElement('div');
  act(() => createRoot(host).render(node));
  return host;
}

it('shows a record in short, and 첫 팀 (not zeros) for someone never in a group', () => {
  const line = render(<RecordLine record={{ joined: 3, completed: 2, leftEarly: 1 }} />);
  expect(line.querySelector('[data-testid="record-line"]')?.textContent).toBe('참여 3 · 완료 2 · 중도 이탈 1');
  expect(render(<RecordLine record={{ joined: 0, completed: 0, leftEarly: 0 }} />).textContent).toBe('첫 팀');
  expect(render(<RecordLine record={undefined} />).textContent).toBe('');
});

it('opens what the numbers mean from a button (a tooltip never shows on touch), and closes it again', () => {
  const host = render(<RecordLine record={{ joined: 2, completed: 1, leftEarly: 0 }} />);
  const button = host.querySelector('button')!;
  const help = host.querySelector<HTMLElement>('[data-testid="record-help"]')!;
  expect(button.getAttribute('aria-label')).toBe('기록 숫자 설명');
  expect(button.getAttribute('aria-controls')).toBe(help.id);
  expect(button.getAttribute('aria-expanded')).toBe('false');
  expect(help.hidden).toBe(true);
  act(() => button.click());
  expect(button.getAttribute('aria-expanded')).toBe('true');
  expect(help.hidden).toBe(false);
  expect(help.textContent).toContain('중도 이탈: 완료 전에 탈퇴했거나 추방된 그룹');
  act(() => button.click());
  expect(help.hidden).toBe(true);
  // no explanation hides behind a hover tooltip any more
  expect(host.querySelector('[title]')).toBeNull();
});

it('ends the review window 14 days after completion', () => {
  expect(windowEnd('2025-06-01T13:45:12+09:00')).toBe('2025-06-15T04:45:12.000Z');
});

it('reads a group without the completion fields as active', () => {
  const group = { id: 1, name: 'g', description: '', type: 'PROJECT', status: 'ACTIVE', members: [] } as unknown as Group;
  expect(finishOf(group)).toEqual({
    status: 'ACTIVE',
    completedDateTime: null,
    summary: null,
    resultUrl: null,
  });
  const done = { ...group, status: 'COMPLETED', completedDateTime: '2025-06-01T13:45:12+09:00' };
  expect(finishOf(done as unknown as Group).status).toBe('COMPLETED');
});
