import { apiUser, expect, loginViaUi, loginWithToken, settled, test, unique } from './fixtures';

test('sign up with both duplicate checks, log in, edit my info, log out, come back to a protected page, withdraw', async ({
  page,
  request,
  dialogs,
}) => {
  const existing = await apiUser(request);
  const loginId = `e2e${unique()}`;
  const nickname = `새회원${unique()}`;
  const password = 'my-password-1';

  // --- sign up
  await page.goto('/register');
  await page.getByRole('button', { name: '회원가입' }).click();
  await dialogs.expect('아이디 중복확인을 진행해주세요.');

  const idBox = page.getByLabel('아이디', { exact: true });
  await idBox.fill(existing.loginId.toUpperCase());
  await page.getByRole('button', { name: '중복확인' }).first().click();
  await dialogs.expect('이미 사용 중인 아이디입니다.');
  await idBox.fill(loginId);
  await page.getByRole('button', { name: '중복확인' }).first().click();
  await dialogs.expect('사용 가능한 아이디입니다.');

  await page.getByRole('button', { name: '회원가입' }).click();
  await dialogs.expect('닉네임 중복확인을 진행해주세요.');

  const nickBox = page.getByLabel('닉네임', { exact: true });
  await nickBox.fill(existing.nickname);
  await page.getByRole('button', { name: '중복확인' }).last().click();
  await dialogs.expect('이미 사용 중인 닉네임입니다.');
  await nickBox.fill(nickname);
  await page.getByRole('button', { name: '중복확인' }).last().click();
  await dialogs.expect('사용 가능한 닉네임입니다.');

  // editing a verified field unverifies it
  await idBox.fill(`${loginId}x`);
  await page.getByRole('button', { name: '회원가입' }).click();
  await expect.poll(() => dialogs.messages.filter((m) => m === '아이디 중복확인을 진행해주세요.').length).toBe(2);
  await idBox.fill(loginId);
  await page.getByRole('button', { name: '중복확인' }).first().click();
  await expect.poll(() => dialogs.messages.filter((m) => m === '사용 가능한 아이디입니다.').length).toBe(2);

  await page.getByLabel('비밀번호', { exact: true }).fill(password);
  await page.getByLabel('비밀번호 확인').fill('different');
  await expect(page.getByTestId('pw-mismatch')).toBeVisible();
  await page.getByLabel('비밀번호 확인').fill(password);
  await expect(page.getByTestId('pw-match')).toBeVisible();

  await page.getByLabel('이메일 아이디').fill('newbie');
  await page.getByLabel('이메일 도메인', { exact: true }).selectOption('custom');
  await page.getByLabel('이메일 도메인 직접 입력').fill('gmail.com');
  await expect(page.getByLabel('이메일 도메인', { exact: true })).toHaveValue('gmail.com');
  await expect(page.getByLabel('전화번호 1번째 자리')).toHaveValue('010');
  await page.getByLabel('전화번호 2번째 자리').fill('1234');
  await page.getByLabel('전화번호 3번째 자리').fill('5678');

  await page.getByRole('button', { name: '회원가입' }).click();
  await dialogs.expect('회원가입이 완료되었습니다.');
  await expect(page).toHaveURL(/\/login$/);
  // the address changes before the login page has replaced the sign-up form
  await expect(page.getByRole('heading', { name: '로그인' })).toBeVisible();

  // --- log in, greeting
  await page.getByLabel('아이디').fill(loginId);
  await page.getByLabel('비밀번호').fill('wrong-password');
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page.getByText('로그인 실패! 아이디나 비밀번호를 다시 한 번 확인해주세요.')).toBeVisible();
  await loginViaUi(page, { loginId, password });
  await dialogs.expect('로그인 성공!');
  await expect(page.getByTestId('greeting')).toContainText(nickname);

  // --- my info and edit
  await page.goto('/myinfo');
  await expect(page.getByTestId('myinfo-아이디')).toHaveText(loginId);
  await expect(page.getByTestId('myinfo-이메일')).toHaveText('newbie@gmail.com');
  await expect(page.getByTestId('myinfo-전화번호')).toHaveText('010-1234-5678');
  await page.getByRole('button', { name: '수정' }).click();
  await expect(page).toHaveURL(/\/myinfo\/edit$/);
  await expect(page.getByLabel('아이디', { exact: true })).toHaveValue(loginId);
  await expect(page.getByLabel('아이디', { exact: true })).toBeDisabled();
  const renamed = `바뀐닉${unique()}`;
  await page.getByLabel('닉네임', { exact: true }).fill(renamed);
  await page.getByRole('button', { name: '저장' }).click();
  await dialogs.expect('닉네임 중복확인을 진행해주세요.');
  await page.getByRole('button', { name: '중복확인' }).click();
  await expect.poll(() => dialogs.messages.filter((m) => m === '사용 가능한 닉네임입니다.').length).toBe(2);
  await page.getByLabel('전화번호 3번째 자리').fill('9999');
  await page.getByRole('button', { name: '저장' }).click();
  await dialogs.expect('사용자 정보가 성공적으로 수정되었습니다.');
  await expect(page).toHaveURL(/\/myinfo$/);
  await expect(page.getByTestId('myinfo-닉네임')).toHaveText(renamed);
  await expect(page.getByTestId('myinfo-전화번호')).toHaveText('010-1234-9999');
  await expect(page.getByTestId('greeting')).toContainText(renamed);

  // --- log out
  await page.getByRole('button', { name: '로그아웃' }).click();
  await dialogs.expect('로그아웃 되었습니다.');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: '로그인' })).toBeVisible();

  // --- a protected page while logged out, then back to it after logging in
  await page.goto('/myinfo/edit');
  await dialogs.expect('로그인이 필요합니다.');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('아이디').fill(loginId);
  await page.getByLabel('비밀번호').fill(password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL(/\/myinfo\/edit$/);

  // --- the menu asks a logged-out user to log in
  await page.goto('/myinfo');
  const beforeWithdrawal = dialogs.messages.length;
  await page.getByRole('button', { name: '회원탈퇴' }).click();
  await dialogs.expect('정말로 탈퇴하시겠습니까?');
  await dialogs.expect('회원탈퇴가 완료되었습니다.');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: '로그인' })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('아이디').fill(loginId);
  await page.getByLabel('비밀번호').fill(password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page.getByText('로그인 실패! 아이디나 비밀번호를 다시 한 번 확인해주세요.')).toBeVisible();
  // the calls still under way with the old token when the account ended say nothing more
  expect(dialogs.messages.slice(beforeWithdrawal)).toEqual(['정말로 탈퇴하시겠습니까?', '회원탈퇴가 완료되었습니다.']);
});

test('the header menu asks a logged-out visitor to log in', async ({ page, dialogs }) => {
  await page.goto('/');
  await page.getByRole('button', { name: '메뉴' }).click();
  dialogs.dismissNext();
  await page.getByRole('menuitem', { name: '내 정보' }).click();
  await dialogs.expect('로그인이 필요한 서비스입니다. 로그인 페이지로 이동하시겠습니까?');
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: '메뉴' }).click();
  await page.getByRole('menuitem', { name: '내 공고' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('the inbox and chat icons ask a logged-out visitor to log in; the inbox comes back to /messages', async ({
  page,
  request,
  dialogs,
}) => {
  const user = await apiUser(request);
  await page.goto('/boards');
  dialogs.dismissNext();
  await page.getByRole('button', { name: '채팅방 목록' }).click();
  await dialogs.expect('로그인이 필요한 서비스입니다. 로그인 페이지로 이동하시겠습니까?');
  await expect(page).toHaveURL(/\/boards$/);
  await page.getByRole('button', { name: '쪽지함' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('아이디').fill(user.loginId);
  await page.getByLabel('비밀번호').fill(user.password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByText('받은 쪽지가 없습니다.')).toBeVisible();
});

test('the home page shows the banner, the chooser and the empty popular sections', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('banner-slide-0')).toHaveAttribute('aria-hidden', 'false');
  await page.getByRole('button', { name: '다음 배너' }).click();
  await expect(page.getByTestId('banner-slide-1')).toHaveAttribute('aria-hidden', 'false');
  await page.getByRole('button', { name: '1번째 배너' }).click();
  await expect(page.getByTestId('banner-slide-0')).toHaveAttribute('aria-hidden', 'false');
  await expect(page.getByText('© 2025')).toBeVisible();
  await page.getByRole('button', { name: /PROJECT/ }).click();
  await expect(page).toHaveURL(/\/recruitments$/);
  await page.goBack();
  await page.getByRole('button', { name: /STUDY GROUP/ }).click();
  await expect(page).toHaveURL(/\/study-groups$/);
});

test('header buttons, login page links and back button, sign-up cancel goes back one page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: '회원가입' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByRole('button', { name: '취소' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: '아이디 찾기' })).toHaveAttribute('href', '/find/login-ids');
  await expect(page.getByRole('link', { name: '비밀번호 찾기' })).toHaveAttribute('href', '/find/password');
  await page.getByRole('button', { name: '뒤로가기' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a failed duplicate check says the spec text and shows the reason by the field', async ({ page, dialogs }) => {
  await page.goto('/register');
  await page.getByLabel('아이디', { exact: true }).fill('a!');
  await page.getByRole('button', { name: '중복확인' }).first().click();
  await dialogs.expect('아이디 중복 확인 실패.');
  await expect(page.getByText('아이디는 4~20자의 영문, 숫자, 밑줄(_)만 사용할 수 있습니다.')).toBeVisible();
  await page.getByLabel('아이디', { exact: true }).fill('a_valid_id');
  await expect(page.getByText('아이디는 4~20자의 영문, 숫자, 밑줄(_)만 사용할 수 있습니다.')).toHaveCount(0);

  await page.getByLabel('닉네임', { exact: true }).fill('x');
  await page.getByRole('button', { name: '중복확인' }).last().click();
  await dialogs.expect('닉네임 중복 확인 실패');
  await expect(page.getByText('닉네임은 2~20자로 입력해주세요.')).toBeVisible();
});

test('edit my info: own nickname checks as available, a failed check uses the edit page text', async ({
  page,
  request,
  dialogs,
}) => {
  const user = await apiUser(request);
  await loginWithToken(page, user);
  await page.goto('/myinfo/edit');
  const nickBox = page.getByLabel('닉네임', { exact: true });
  await expect(nickBox).toHaveValue(user.nickname);
  await page.getByRole('button', { name: '중복확인' }).click();
  await dialogs.expect('사용 가능한 닉네임입니다.');
  await nickBox.fill('x');
  await page.getByRole('button', { name: '중복확인' }).click();
  await dialogs.expect('닉네임 중복 검증 요청 실패');
});

test('a locked login id still shows the login failure text, with the reason below', async ({ page, request }) => {
  const user = await apiUser(request);
  for (let i = 0; i < 10; i++) {
    // each attempt from its own address, so only the per-id lock is reached
    await request.post('/api/auth/login', {
      headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
      data: { loginId: user.loginId, password: 'wrong-password' },
    });
  }
  await page.goto('/login');
  await page.getByLabel('아이디', { exact: true }).fill(user.loginId);
  await page.getByLabel('비밀번호', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page.getByText('로그인 실패! 아이디나 비밀번호를 다시 한 번 확인해주세요.')).toBeVisible();
  await expect(page.getByText('로그인 시도 횟수를 초과했습니다. 10분 후 다시 시도해주세요.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a token that stopped working on a protected page: one alert, then login with from', async ({ page, request, dialogs }) => {
  const user = await apiUser(request);
  await loginWithToken(page, user);
  await page.goto('/myinfo');
  await expect(page.getByTestId('myinfo-아이디')).toHaveText(user.loginId);
  await settled(page);
  // the session ends elsewhere (withdrawal bumps the token version)
  expect((await request.delete(`/api/users/${user.id}`, { headers: { Authorization: `Bearer ${user.token}` } })).status()).toBe(
    200,
  );
  // every call of the page answers 401 at once
  await page.reload();
  await dialogs.expect('로그인이 필요합니다.');
  await expect(page).toHaveURL(/\/login\?from=%2Fmyinfo$/);
  await expect(page.getByTestId('greeting')).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(dialogs.messages).toEqual(['로그인이 필요합니다.']);
  expect(await page.evaluate(() => [localStorage.getItem('jwtToken'), localStorage.getItem('nickname')])).toEqual([null, null]);
});

test('a session that ran out while the site was closed: the home page opens logged out, a protected page asks to log in', async ({
  page,
  dialogs,
}) => {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const past = Math.floor(Date.now() / 1000) - 60;
  const expired = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'gone_user', uid: 1, tv: 0, iat: past - 86400, exp: past })}.sig`;
  await page.goto('/');
  await page.evaluate((t) => {
    localStorage.setItem('jwtToken', t);
    localStorage.setItem('nickname', '지난세션');
  }, expired);
  await page.reload();
  await expect(page.getByRole('button', { name: '로그인', exact: true })).toBeVisible();
  await expect(page.getByTestId('greeting')).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(dialogs.messages).toEqual([]);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/myinfo');
  await dialogs.expect('로그인이 필요합니다.');
  await expect(page).toHaveURL(/\/login/);
});
