import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

let seq = 0;
// the worker's index keeps two workers that start in the same millisecond apart
const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0).toString(36);
const unique = () => `${Date.now().toString(36).slice(-5)}${worker}${(seq++).toString(36)}`;
const randomIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

/** Records every alert/confirm text; confirms are accepted unless `dialogs.dismissNext()` was called. */
export class Dialogs {
  readonly messages: string[] = [];
  private dismiss = false;
  constructor(page: Page) {
    page.on('dialog', async (d) => {
      this.messages.push(d.message());
      if (this.dismiss && d.type() === 'confirm') {
        this.dismiss = false;
        await d.dismiss();
      } else {
        await d.accept();
      }
    });
  }
  dismissNext() {
    this.dismiss = true;
  }
  last() {
    return this.messages.at(-1);
  }
  /** Waits until a dialog with exactly this text has been shown. */
  async expect(text: string) {
    await expect
      .poll(() => this.messages.includes(text), { message: `dialog "${text}" (seen: ${this.messages.join(' | ')})` })
      .toBe(true);
  }
}

export interface ApiUser {
  id: number;
  loginId: string;
  password: string;
  nickname: string;
  token: string;
}

/** Makes a user through the API (for the other side of a flow). */
export async function apiUser(request: APIRequestContext, nickname = `유저${unique()}`): Promise<ApiUser> {
  const loginId = `u${unique()}`;
  const password = 'password123!';
  const reg = await request.post('/api/users/register', {
    data: { loginId, password, email: `${loginId}@naver.com`, phoneNumber: '01012345678', nickname },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const login = await request.post('/api/auth/login', { data: { loginId, password } });
  const { token } = await login.json();
  const me = await (await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } })).json();
  return { id: me.id, loginId, password, nickname, token };
}

/** Logs in through the real login page. */
export async function loginViaUi(page: Page, user: { loginId: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('아이디').fill(user.loginId);
  await page.getByLabel('비밀번호').fill(user.password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page.getByTestId('greeting')).toBeVisible();
}

/** Puts a token straight into storage (faster than the login page when login is not what is tested). */
export async function loginWithToken(page: Page, user: ApiUser) {
  await page.goto('/');
  await page.evaluate(
    ([t, n]) => {
      localStorage.setItem('jwtToken', t);
      localStorage.setItem('nickname', n);
    },
    [user.token, user.nickname],
  );
}

/**
 * Waits until the page's own requests of its first moments (the view count, the badge) are answered: a test that
 * then ends the session acts on a quiet page, so the 401 it expects comes from its action, not from a late read.
 * After the load's network quiet, a second full second without a request: the badge is read again once the live
 * connection is up, which happens after the first quiet.
 */
export async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  let inFlight = 0;
  let last = Date.now();
  const started = () => ((inFlight += 1), (last = Date.now()));
  const ended = () => ((inFlight -= 1), (last = Date.now()));
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await expect.poll(() => inFlight <= 0 && Date.now() - last >= 1000, { timeout: 15_000, intervals: [100] }).toBe(true);
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

export const test = base.extend<{ dialogs: Dialogs }>({
  extraHTTPHeaders: async ({}, use) => use({ 'x-forwarded-for': randomIp() }),
  dialogs: async ({ page }, use) => use(new Dialogs(page)),
});

export { expect, unique };
