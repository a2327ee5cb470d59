import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { loginWithToken, type ApiUser } from './fixtures';

/** The login id playwright.config.ts lists in OPERATORS. */
export const OPERATOR_LOGIN_ID = 'e2eoperator';
const OPERATOR_PASSWORD = 'password123!';

export const auth = (user: ApiUser) => ({ Authorization: `Bearer ${user.token}` });

/** The e2e operator: registered by the first test that needs it (a test beside it may win the race), then logged in. */
export async function operatorUser(request: APIRequestContext): Promise<ApiUser> {
  const nickname = '운영자e2e';
  const reg = await request.post('/api/users/register', {
    data: {
      loginId: OPERATOR_LOGIN_ID,
      password: OPERATOR_PASSWORD,
      email: `${OPERATOR_LOGIN_ID}@naver.com`,
      phoneNumber: '01012345678',
      nickname,
    },
  });
  expect([201, 409], await reg.text()).toContain(reg.status());
  const login = await request.post('/api/auth/login', { data: { loginId: OPERATOR_LOGIN_ID, password: OPERATOR_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = await login.json();
  const me = await (await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } })).json();
  expect(me.operator).toBe(true);
  return { id: me.id, loginId: OPERATOR_LOGIN_ID, password: OPERATOR_PASSWORD, nickname, token };
}

/** Another person on the same page: their token in storage, then the page loaded again. */
export async function switchUser(page: Page, user: ApiUser) {
  await loginWithToken(page, user);
  await page.reload();
}

export function seoulDate(days: number) {
  return new Date(Date.now() + 9 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

export async function apiRecruitment(request: APIRequestContext, user: ApiUser, title: string) {
  const res = await request.post('/api/recruitments', {
    headers: auth(user),
    data: {
      title,
      description: '신고될 설명입니다',
      topic: '웹 서비스',
      totalMembers: 4,
      dueDate: seoulDate(10),
      tags: ['React'],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

/** Nothing wider than the screen (a phone never scrolls sideways). */
export async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );
}
