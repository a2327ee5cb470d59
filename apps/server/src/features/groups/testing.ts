import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { applicationProfiles } from '../../db/schema/index.js';
import type { TestApp, TestUser } from '../../../test/helpers.js';
import { addProfile, applyTo, createRecruitment, decide } from '../posts/testing.js';

export interface TestGroup {
  id: number;
  postId: number;
  name: string;
}

/**
 * A group made through the real routes: a recruitment by `admin` (totalMembers `over.totalMembers`, default
 * members + 2), each member applies and is approved, the post is closed and grouped.
 */
export async function makeGroup(
  t: TestApp,
  admin: TestUser,
  members: TestUser[] = [],
  over: { totalMembers?: number; name?: string } = {},
): Promise<TestGroup> {
  const post = await createRecruitment(t, admin, {
    totalMembers: over.totalMembers ?? members.length + 2,
  });
  for (const m of members) {
    const [profile] = await t.db.select().from(applicationProfiles).where(eq(applicationProfiles.userId, m.id));
    if (!profile) await addProfile(t, m);
    const res = await decide(t, admin, await applyTo(t, m, post.id), 'APPROVED');
    expect(res.statusCode, res.body).toBe(200);
  }
  await t.patch(`/api/recruitments/${post.id}/close`, { token: admin.token });
  const name = over.name ?? '테스트 그룹';
  const res = await t.post('/api/groups', {
    token: admin.token,
    body: { basePostId: post.id, name, description: '그룹 설명' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: (res.json() as { id: number }).id, postId: post.id, name };
}
