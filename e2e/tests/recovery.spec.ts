import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiUser, expect, loginViaUi, loginWithToken, test, type ApiUser } from './fixtures';

const mailbox = () => path.join(process.env.E2E_DATA_DIR!, 'mailbox');
const email = (user: ApiUser) => `${user.loginId}@naver.com`;

/** The code of the newest dev-mailbox mail to `to` (the server writes one .eml per mail under DATA_DIR/mailbox). */
async function codeMailedTo(to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const files = readdirSync(mailbox(), { withFileTypes: true }).filter((f) => f.name.endsWith('.eml'));
        const mine = files
          .map((f) => readFileSync(path.join(mailbox(), f.name), 'utf8'))
          .filter((m) => m.includes(`To: ${to}\r\n`));
        code = mine.length ? /인증 코드 ?: (\d{4})/.exec(mine.sort().at(-1)!)?.[1] : undefined;
        return code;
      },
      { message: `a mail to ${to} in ${mailbox()}` },
    )
    .toMatch(/^\d{4}$/);
  return code!;
}

const codeBox = (page: Page, n: number) => page.getByLabel(`인증 코드 ${n}번째 자리`);

test('finds a login id through the dev mailbox: e-mail check, code boxes, masked ids', async ({ page, request, dialogs }) => {
  const user = await apiUser(request);
  await page.goto('/login');
  await page.getByRole('link', { name: '아이디 찾기' }).click();
  await expect(page).toHaveURL(/\/find\/login-ids$/);
  await expect(page.getByRole('heading', { name: '아이디 찾기' })).toBeVisible();

  const emailBox = page.getByLabel('이메일');
  await emailBox.fill('nobody-here@naver.com');
  await page.getByRole('button', { name: '이메일 확인' }).click();
  await expect(page.getByText('가입 이력이 없습니다.')).toBeVisible();
  await expect(page.getByRole('button', { name: '인증 코드 전송' })).toBeDisabled();

  await emailBox.fill(email(user));
  await page.getByRole('button', { name: '이메일 확인' }).click();
  await expect(page.getByText('가입된 이메일입니다. 해당 이메일로 인증을 진행해주세요.')).toBeVisible();
  await page.getByRole('button', { name: '인증 코드 전송' }).click();
  await dialogs.expect('인증 코드가 이메일로 전송되었습니다.');
  const code = await codeMailedTo(email(user));

  // phones get the numeric keypad and the one-time-code suggestion
  for (const n of [1, 2, 3, 4]) {
    await expect(codeBox(page, n)).toHaveAttribute('inputmode', 'numeric');
    await expect(codeBox(page, n)).toHaveAttribute('autocomplete', 'one-time-code');
  }
  await expect(page.getByTestId('code-timer')).toHaveText(/^(3:00|2:5\d)$/);

  // a wrong code first; typing moves from box to box
  const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
  await codeBox(page, 1).click();
  await page.keyboard.type(wrong);
  await expect(codeBox(page, 4)).toHaveValue(wrong[3]);
  await page.getByRole('button', { name: '확인', exact: true }).click();
  await expect(page.getByText('인증 코드가 올바르지 않습니다.')).toBeVisible();

  // Backspace walks back over the boxes
  await codeBox(page, 4).click();
  for (let i = 0; i < 8; i++) await page.keyboard.press('Backspace');
  await expect(codeBox(page, 1)).toHaveValue('');
  await page.keyboard.type(code);
  await page.getByRole('button', { name: '확인', exact: true }).click();
  await expect(page).toHaveURL(/\/find\/login-ids-result$/);
  const masked = `${user.loginId.slice(0, -4)}****`;
  await expect(page.getByRole('list', { name: '찾은 아이디 목록' }).getByRole('listitem')).toHaveText([masked]);

  // the result page reached directly (a reload of the same entry keeps its state, so from elsewhere)
  await page.goto('/');
  await page.goto('/find/login-ids-result');
  await expect(page.getByText('잘못된 접근입니다.')).toBeVisible();
});

test('resets a password through the dev mailbox; an older session elsewhere is sent to /login', async ({
  page,
  browser,
  request,
  dialogs,
}) => {
  const user = await apiUser(request);
  // the older session, in another browser context
  const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.250.0.9' } });
  const otherPage = await other.newPage();
  const otherDialogs: string[] = [];
  otherPage.on('dialog', (d) => {
    otherDialogs.push(d.message());
    void d.accept();
  });
  await loginWithToken(otherPage, user);
  await otherPage.goto('/myinfo');
  await expect(otherPage.getByText(user.loginId).first()).toBeVisible();

  await page.goto('/change-password');
  await expect(page.getByText('접근할 수 없습니다.')).toBeVisible();

  await page.goto('/login');
  await page.getByRole('link', { name: '비밀번호 찾기' }).click();
  await expect(page).toHaveURL(/\/find\/password$/);
  await expect(page.getByRole('heading', { name: '비밀번호 찾기' })).toBeVisible();
  await page.getByLabel('아이디').fill(user.loginId);
  await page.getByLabel('이메일').fill('someone-else@naver.com');
  await page.getByRole('button', { name: '정보 확인' }).click();
  await expect(page.getByText('입력한 이메일이 등록된 이메일과 다릅니다.')).toBeVisible();
  await page.getByLabel('이메일').fill(email(user));
  await page.getByRole('button', { name: '정보 확인' }).click();
  await expect(page.getByText('입력한 정보가 확인되었습니다.')).toBeVisible();
  await page.getByRole('button', { name: '인증 코드 전송' }).click();
  await dialogs.expect('인증 코드가 이메일로 전송되었습니다.');
  const code = await codeMailedTo(email(user));

  // digits only, and a pasted whole code fills the four boxes
  await codeBox(page, 1).click();
  await page.keyboard.type('a');
  await expect(codeBox(page, 1)).toHaveValue('');
  await codeBox(page, 1).evaluate((el, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, ` ${code} `);
  await expect(codeBox(page, 4)).toHaveValue(code[3]);
  await page.getByRole('button', { name: '확인', exact: true }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByRole('heading', { name: '비밀번호 변경' })).toBeVisible();

  const newPassword = 'brand-new-pass-7';
  await page.getByLabel('새 비밀번호', { exact: true }).fill(newPassword);
  await page.getByLabel('새 비밀번호 확인').fill('brand-new');
  await expect(page.getByText('비밀번호가 일치하지 않습니다.')).toBeVisible();
  await page.getByRole('button', { name: '비밀번호 변경' }).click();
  await dialogs.expect('비밀번호가 일치하지 않습니다.');
  await page.getByLabel('새 비밀번호 확인').fill(newPassword);
  await expect(page.getByText('비밀번호가 일치합니다.')).toBeVisible();
  await page.getByRole('button', { name: '비밀번호 변경' }).click();
  await dialogs.expect('새 비밀번호가 성공적으로 등록되었습니다.');
  await expect(page).toHaveURL(/\/login$/);

  await loginViaUi(page, { loginId: user.loginId, password: newPassword });

  // the older session: its next call is refused, and it lands on the login page
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login/);
  await expect.poll(() => otherDialogs).toContain('로그인이 필요합니다.');
  await other.close();
});

test('the code timer counts down from 3:00 and shows 시간 초과 at zero (page clock)', async ({ page, request, dialogs }) => {
  const user = await apiUser(request);
  await page.clock.install();
  await page.goto('/find/login-ids');
  await page.getByLabel('이메일').fill(email(user));
  await page.getByRole('button', { name: '이메일 확인' }).click();
  await expect(page.getByText('가입된 이메일입니다. 해당 이메일로 인증을 진행해주세요.')).toBeVisible();
  await page.getByRole('button', { name: '인증 코드 전송' }).click();
  await dialogs.expect('인증 코드가 이메일로 전송되었습니다.');
  const timer = page.getByTestId('code-timer');
  await expect(timer).toHaveText(/^(3:00|2:59)$/);
  await page.clock.fastForward('01:00');
  await expect(timer).toHaveText(/^(2:00|1:59)$/);
  await page.clock.fastForward('01:58');
  await expect(timer).toHaveText(/^0:0\d$/);
  await page.clock.fastForward('00:05');
  await expect(timer).toHaveText('시간 초과');
});
