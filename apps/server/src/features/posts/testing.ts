import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { basePosts, messages } from '../../db/schema/index.js';
import { MemoryCounterStore, RateLimiter } from '../../lib/rate-limit.js';
import type { TestApp, TestUser } from '../../../test/helpers.js';

/** Noon in Seoul on 2025-06-01: "today" is 2025-06-01 for every post rule. */
export const NOON_SEOUL = '2025-06-01T03:00:00Z';

export const recruitmentBody = (over: Record<string, unknown> = {}) => ({
  title: '  사이드 프로젝트 팀원 모집  ',
  description: '함께 웹 서비스를 만들 분을 찾습니다.\n주 2회 회의',
  topic: '웹 개발',
  totalMembers: 4,
  dueDate: '2025-06-10',
  tags: ['React', ' TypeScript ', 'react', ''],
  ...over,
});

export const studyBody = (over: Record<string, unknown> = {}) => ({
  title: '알고리즘 스터디',
  description: '매주 토요일 문제 풀이',
  topic: '알고리즘',
  totalMembers: 3,
  dueDate: '2025-06-05',
  startDate: '2025-06-07',
  endDate: '2025-08-30',
  ...over,
});

export async function createRecruitment(t: TestApp, user: TestUser, over: Record<string, unknown> = {}) {
  const res = await t.post('/api/recruitments', { token: user.token, body: recruitmentBody(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; title: string };
}

export async function createStudy(t: TestApp, user: TestUser, over: Record<string, unknown> = {}) {
  const res = await t.post('/api/study-groups', { token: user.token, body: studyBody(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; title: string };
}

export async function addProfile(t: TestApp, user: TestUser, over: Record<string, unknown> = {}) {
  const res = await t.post('/api/user-info', {
    token: user.token,
    body: { contact: '01055556666', field: '백엔드', techStacks: ['Java', 'Spring'], ...over },
  });
  expect(res.statusCode, res.body).toBe(201);
}

export async function applyTo(t: TestApp, user: TestUser, postId: number) {
  const res = await t.post('/api/applications', { token: user.token, body: { recruitmentId: postId } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { applicationId: number }).applicationId;
}

export async function decide(t: TestApp, author: TestUser, applicationId: number, status: string) {
  return t.put('/api/applications/status', { token: author.token, body: { applicationId, status } });
}

/** The 쪽지 a user received, oldest first (read from the table, independent of the messages API). */
export async function inbox(t: TestApp, user: TestUser): Promise<string[]> {
  const rows = await t.db
    .select({ content: messages.content })
    .from(messages)
    .where(and(eq(messages.receiverId, user.id)))
    .orderBy(asc(messages.id));
  return rows.map((r) => r.content);
}

/** A fresh in-memory limiter, so many requests by one test user never hit the per-hour create limits. */
export function resetLimits(t: TestApp) {
  t.ctx.limiter = new RateLimiter(new MemoryCounterStore(), () => t.clock.now());
}

/**
 * Sends a request while another transaction is deleting the post, and commits that delete only after the
 * request has passed its first checks (on PostgreSQL it then waits on the row lock): the race of a
 * request against a concurrent delete. On PGlite the request simply runs after the delete.
 */
export async function whilePostIsDeleted<T>(t: TestApp, postId: number, request: () => Promise<T>): Promise<T> {
  let pending: Promise<T> | undefined;
  await t.db.transaction(async (tx) => {
    await tx.delete(basePosts).where(eq(basePosts.id, postId));
    pending = request();
    await new Promise((resolve) => setTimeout(resolve, 500));
  });
  return pending!;
}
