import type { BrowserContext, Page } from '@playwright/test';
import { cookieName, cookieValue, type E2EProvider, type ProviderAccount } from '../oauth/provider';
import { apiUser, expect, loginWithToken, test, unique } from './fixtures';

/**
 * Sign-in with Kakao and GitHub (docs/api.md §10.3) in the browser, against the local provider of
 * e2e/oauth/provider.ts: the buttons go to the server's start route, the provider's authorize page sends the browser
 * back to the callback, and the callback to /oauth/done, /myinfo or /login, so every redirect is walked for real.
 */

const providerOrigin = `http://127.0.0.1:${process.env.E2E_OAUTH_PORT}`;
let providerIds = Date.now() % 1_000_000_000;

/** Who signs in at the provider next, in this browser only. */
async function atProvider(context: BrowserContext, kind: E2EProvider, account: ProviderAccount) {
  await context.addCookies([{ name: cookieName(kind), value: cookieValue(account), url: providerOrigin }]);
}

const freshAccount = (extra: Partial<ProviderAccount> = {}): ProviderAccount => ({
  id: String(++providerIds * 10 + Number(process.env.TEST_PARALLEL_INDEX ?? 0)),
  ...extra,
});

const greeting = (page: Page) => page.getByTestId('greeting');

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['390 px', { width: 390, height: 844 }],
] as const) {
  test.describe(`social sign-in at ${name}`, () => {
    test.use({ viewport });

    test('the buttons: configured providers only, in their order, full width and 48 px tall', async ({ page }) => {
      await page.goto('/login?from=/boards');
      const buttons = page.getByTestId('social-sign-in').getByRole('link');
      await expect(buttons).toHaveText(['카카오로 시작하기', 'GitHub로 시작하기']);
      await expect(buttons.first()).toHaveAttribute('href', '/api/auth/oauth/kakao/start?from=%2Fboards');
      for (const b of await buttons.all()) {
        const box = (await b.boundingBox())!;
        expect(box.height).toBe(48);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expect(page.getByRole('link', { name: '카카오로 시작하기' })).toHaveCSS('background-color', 'rgb(254, 229, 0)');
      await expect(page.getByRole('link', { name: 'GitHub로 시작하기' })).toHaveCSS('background-color', 'rgb(36, 41, 47)');

      await page.goto('/register');
      await expect(page.getByTestId('social-sign-in').getByRole('link')).toHaveText(['카카오로 시작하기', 'GitHub로 시작하기']);
    });

    test('a new person via Kakao: the completion form, then signed in; 내 정보 offers a password', async ({
      page,
      context,
      dialogs,
    }) => {
      const u = unique();
      const nickname = `카카오${u}`;
      await atProvider(context, 'kakao', freshAccount({ email: `k${u}@gmail.com`, nickname }));

      await page.goto('/login?from=/boards');
      await page.getByRole('link', { name: '카카오로 시작하기' }).click();

      await expect(page.getByRole('heading', { name: '회원가입 완료하기' })).toBeVisible();
      await expect(page).toHaveURL(/\/oauth\/done$/); // the one-time code left the address
      await expect(page.getByLabel('아이디', { exact: true })).toHaveCount(0);
      await expect(page.getByLabel('이메일 아이디')).toHaveValue(`k${u}`);
      await expect(page.getByLabel('이메일 도메인', { exact: true })).toHaveValue('gmail.com');
      await expect(page.getByLabel('닉네임')).toHaveValue(nickname);

      // the sign-up's nickname rule: checked first
      await page.getByLabel('전화번호 2번째 자리').fill('1234');
      await page.getByLabel('전화번호 3번째 자리').fill('5678');
      await page.getByRole('button', { name: '가입하기' }).click();
      await dialogs.expect('닉네임 중복확인을 진행해주세요.');
      await page.getByRole('button', { name: '중복확인' }).click();
      await dialogs.expect('사용 가능한 닉네임입니다.');
      await page.getByRole('button', { name: '가입하기' }).click();

      await expect(greeting(page)).toContainText(nickname);
      await expect(page).toHaveURL(/\/boards$/);

      // an account without a login id, and its only way in cannot be removed
      await page.goto('/myinfo');
      await expect(page.getByTestId('myinfo-아이디')).toHaveText('없음 (소셜 계정)');
      const linked = page.getByTestId('linked-accounts');
      await expect(linked.getByTestId('identity-kakao')).toContainText('연결됨');
      await expect(linked.getByTestId('identity-github')).toContainText('연결되지 않음');
      await linked.getByRole('button', { name: '카카오 연결 해제' }).click();
      await expect(linked.getByTestId('linked-accounts-note')).toHaveText(
        '마지막 로그인 수단은 해제할 수 없습니다. 비밀번호를 설정하거나 다른 계정을 먼저 연결해주세요.',
      );

      // 비밀번호 설정: from then on the login id shows
      const loginId = `s${u}`.slice(0, 20);
      await linked.getByLabel('아이디').fill(loginId);
      await linked.getByLabel('비밀번호', { exact: true }).fill('password123!');
      await linked.getByLabel('비밀번호 확인').fill('password123!');
      await linked.getByRole('button', { name: '설정하기' }).click();
      await dialogs.expect('아이디와 비밀번호가 설정되었습니다.');
      await expect(linked.getByRole('heading', { name: '비밀번호 설정' })).toHaveCount(0);
      await expect(page.getByTestId('myinfo-아이디')).toHaveText(loginId);
    });

    test('an existing account links GitHub, signs in with it after a logout, and unlinks it', async ({
      page,
      context,
      request,
      dialogs,
    }) => {
      const user = await apiUser(request);
      await atProvider(context, 'github', freshAccount({ nickname: `gh${unique()}` }));
      await loginWithToken(page, user);

      await page.goto('/myinfo');
      const linked = page.getByTestId('linked-accounts');
      await expect(linked.getByRole('heading', { name: '비밀번호 설정' })).toHaveCount(0); // it has one
      await linked.getByRole('button', { name: 'GitHub 연결하기' }).click();

      await expect(linked.getByTestId('linked-accounts-note')).toHaveText('GitHub 계정이 연결되었습니다.');
      await expect(page).toHaveURL(/\/myinfo$/); // said once: the result left the address
      await expect(linked.getByTestId('identity-github')).toContainText('연결됨');

      await page.getByRole('button', { name: '로그아웃' }).click();
      await dialogs.expect('로그아웃 되었습니다.');
      await expect(greeting(page)).toHaveCount(0);

      await page.goto('/login');
      await page.getByRole('link', { name: 'GitHub로 시작하기' }).click();
      await expect(greeting(page)).toContainText(user.nickname);
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);

      await page.goto('/myinfo');
      await expect(page.getByTestId('myinfo-아이디')).toHaveText(user.loginId);
      await linked.getByRole('button', { name: 'GitHub 연결 해제' }).click();
      await dialogs.expect('GitHub 계정 연결을 해제하시겠습니까?');
      await expect(linked.getByTestId('linked-accounts-note')).toHaveText('계정 연결이 해제되었습니다.');
      await expect(linked.getByTestId('identity-github')).toContainText('연결되지 않음');
    });

    test('a provider that fails or is cancelled: /login says why in Korean', async ({ page, context }) => {
      await atProvider(context, 'kakao', freshAccount({ failToken: true }));
      await page.goto('/login');
      await page.getByRole('link', { name: '카카오로 시작하기' }).click();
      await expect(page).toHaveURL(/\/login\?oauthError=provider_failed&provider=kakao$/);
      await expect(page.getByTestId('oauth-error')).toHaveText('카카오에서 응답을 받지 못했습니다. 잠시 후 다시 시도해주세요.');
      await expect(greeting(page)).toHaveCount(0);

      await atProvider(context, 'kakao', freshAccount({ deny: true }));
      await page.getByRole('link', { name: '카카오로 시작하기' }).click();
      await expect(page).toHaveURL(/oauthError=cancelled/);
      await expect(page.getByTestId('oauth-error')).toHaveText('카카오 로그인이 취소되었습니다.');
    });
  });
}
