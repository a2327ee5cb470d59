import { apiUser, Dialogs, expect, loginWithToken, settled, test, unique } from './fixtures';
import { apiRecruitment, expectNoSideScroll, operatorUser, switchUser } from './moderation-helpers';

// docs/api.md §10.4 in the browser: 신고 from a post's ⋮ menu, the operator's /admin (hide, restore, suspend), the
// author's notice on hidden content, and a suspended member's next click.

const REPORTED = '신고가 접수되었습니다. 운영자가 확인한 뒤 조치하며, 결과는 따로 알려드리지 않습니다.';

/** `YYYY년 M월 D일` in Seoul, `days` from now (the end of a suspension as the server says it). */
function seoulDay(days: number) {
  const d = new Date(Date.now() + days * 86_400_000 + 9 * 3_600_000);
  return `${d.getUTCFullYear()}년 ${d.getUTCMonth() + 1}월 ${d.getUTCDate()}일`;
}

for (const [name, options] of [
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  ['390 px with touch', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
] as const) {
  test.describe(name, () => {
    test.use(options);

    test('a member reports a post; an operator hides it from /admin; only its author sees it, with why; the operator restores it', async ({
      page,
      request,
      dialogs,
    }) => {
      const [author, reporter, other, operator] = await Promise.all([
        apiUser(request),
        apiUser(request),
        apiUser(request),
        operatorUser(request),
      ]);
      const title = `신고 대상 ${unique()}`;
      const url = `/recruitment/${(await apiRecruitment(request, author, title)).id}`;

      // the member reports it from the post's ⋮ menu: a reason, a detail with its count, then what happens next
      await loginWithToken(page, reporter);
      await page.goto(url);
      await page.getByRole('button', { name: '공고 메뉴' }).click();
      await page.getByRole('menuitem', { name: '신고' }).click();
      const report = page.getByRole('dialog', { name: '신고하기' });
      await report.getByLabel('스팸·광고').check();
      await report.getByLabel(/자세한 내용/).fill('도박 사이트 홍보');
      await expect(report.getByText('9/500')).toBeVisible();
      await report.getByRole('button', { name: '신고하기' }).click();
      await expect(page.getByTestId('report-done')).toHaveText(REPORTED);
      await page.getByRole('button', { name: '확인' }).click();
      // once per person: the server's text in the dialog
      await page.getByRole('button', { name: '공고 메뉴' }).click();
      await page.getByRole('menuitem', { name: '신고' }).click();
      await report.getByLabel('기타').check();
      await report.getByRole('button', { name: '신고하기' }).click();
      await expect(report.getByTestId('report-error')).toHaveText('이미 신고한 대상입니다.');
      await report.getByRole('button', { name: '취소' }).click();

      // the operator reads it in the queue, in context with the report, and hides it with a note
      await switchUser(page, operator);
      await page.goto('/admin');
      const item = page.getByTestId('report-item').filter({ hasText: title });
      await expect(item).toContainText('신고 1건');
      await expect(item.getByTestId('reported-content')).toContainText('신고될 설명입니다');
      await item.getByText('신고 내용 1건').click();
      await expect(item).toContainText('도박 사이트 홍보');
      await expectNoSideScroll(page);
      await item.getByRole('button', { name: '숨김' }).click();
      const hide = page.getByRole('dialog', { name: '공고 숨김' });
      await hide.getByLabel('처리 메모').fill('도박 광고');
      await hide.getByRole('button', { name: '숨김' }).click();
      await expect(page.getByTestId('admin-done')).toHaveText('숨김 처리했습니다.');
      await expect(page.getByTestId('report-item').filter({ hasText: title })).toHaveCount(0);

      // its author still reads it, with why, on the detail and in 내 공고
      await switchUser(page, author);
      await page.goto(url);
      await expect(page.getByTestId('hidden-notice')).toContainText('사유: 도박 광고');
      await page.goto('/my-posts');
      await expect(page.getByTestId('my-post').filter({ hasText: title }).getByTestId('hidden-notice')).toContainText(
        '도박 광고',
      );

      // anyone else: not in the list, and its address is not found
      await switchUser(page, other);
      await page.goto(`/recruitments?keyword=${encodeURIComponent(title)}`);
      await expect(page.getByText('검색 결과가 없습니다.')).toBeVisible();
      const gone = await page.goto(url);
      expect(gone!.status()).toBe(404);
      await dialogs.expect('공고 정보를 불러오는 데 실패했습니다.');

      // the operator restores it from 처리 완료: everyone reads it again
      await switchUser(page, operator);
      await page.goto('/admin?status=RESOLVED');
      const resolved = page.getByTestId('report-item').filter({ hasText: title });
      await resolved.getByRole('button', { name: '복원' }).click();
      const restore = page.getByRole('dialog', { name: '공고 복원' });
      await restore.getByLabel('처리 메모').fill('확인 결과 문제 없음');
      await restore.getByRole('button', { name: '복원' }).click();
      await expect(page.getByTestId('admin-done')).toHaveText('숨김을 해제했습니다.');
      await page.getByRole('button', { name: '처리 기록' }).click();
      await expect(page.getByTestId('audit-log')).toContainText('확인 결과 문제 없음');
      await switchUser(page, other);
      await page.goto(url);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    });

    test('an operator suspends a member from /admin: their next click says until when and why and lands on /login', async ({
      page,
      browser,
      request,
      dialogs,
    }) => {
      const [member, operator] = await Promise.all([apiUser(request), operatorUser(request)]);
      const reason = `광고 도배 ${unique()}`;
      await loginWithToken(page, member);
      await page.goto('/boards');
      await settled(page);

      const context = await browser.newContext({ ...options, extraHTTPHeaders: { 'x-forwarded-for': '10.251.0.7' } });
      const admin = await context.newPage();
      const adminDialogs = new Dialogs(admin);
      await loginWithToken(admin, operator);
      await admin.goto('/');
      await admin.getByRole('button', { name: '메뉴' }).click();
      await admin.getByRole('menuitem', { name: '운영 관리' }).click();
      await admin.getByRole('button', { name: '이용 정지' }).first().click();
      const form = admin.getByTestId('suspend-form');
      await expectNoSideScroll(admin);
      await form.getByLabel('닉네임').fill(member.nickname);
      await form.getByRole('button', { name: '3일' }).click();
      await form.getByLabel('정지 사유').fill(reason);
      await form.getByRole('button', { name: '이용 정지' }).click();
      await expect(admin.getByTestId('admin-done')).toContainText('이용을 정지했습니다.');
      expect(adminDialogs.last()).toContain(`${seoulDay(3)}까지 정지하시겠습니까?`);
      await context.close();

      // the member's next click: the server's text once, the session ended, the login page
      const text = `${seoulDay(3)}까지 이용이 정지된 계정입니다. 사유: ${reason}`;
      await page.getByRole('button', { name: '메뉴' }).click();
      await page.getByRole('menuitem', { name: '내 공고' }).click();
      await dialogs.expect(text);
      await expect(page).toHaveURL(/\/login/);
      await expect(page.getByTestId('greeting')).toHaveCount(0);
      expect(dialogs.messages.filter((m) => m === text)).toHaveLength(1);
      expect(dialogs.messages).not.toContain('로그인이 필요합니다.');

      // logging in again is refused with the same text, on the form
      await page.getByLabel('아이디').fill(member.loginId);
      await page.getByLabel('비밀번호').fill(member.password);
      await page.getByRole('button', { name: '로그인', exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText(text);
    });
  });
}
