import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { apiUser, expect, test, unique, type ApiUser } from './fixtures';

/*
 * On a shared computer, nothing of one person ever shows to the next. Person A fills the tab's
 * memory with their own reads (my info, 쪽지, my posts, my groups, bookmarks, chat rooms); then the session
 * changes (a logout in this tab, or the token cleared in another tab) and person B logs in while every
 * request that carries a token is held back, so only what the tab kept in memory could show. A watcher in
 * the page looks at the DOM text on every change and every few milliseconds and records any of A's data.
 */

const HOLD_MS = 2_000;
const auth = (u: ApiUser) => ({ Authorization: `Bearer ${u.token}` });
const dueDate = () => new Date(Date.now() + 9 * 3600_000 + 5 * 86_400_000).toISOString().slice(0, 10);

interface PersonA extends ApiUser {
  email: string;
  phone: string;
  messageText: string;
  postTitle: string;
  groupName: string;
  roomName: string;
}

/** A with a phone and e-mail of their own, a post (closed, grouped, bookmarked), a room and a 쪽지 from C. */
async function personWithData(request: APIRequestContext): Promise<PersonA> {
  const id = unique();
  const loginId = `sa${id}`;
  const password = 'password123!';
  const email = `${loginId}@naver.com`;
  const phone = `010${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
  const nickname = `앞사람${id}`;
  const reg = await request.post('/api/users/register', { data: { loginId, password, email, phoneNumber: phone, nickname } });
  expect(reg.status(), await reg.text()).toBe(201);
  const { token } = await (await request.post('/api/auth/login', { data: { loginId, password } })).json();
  const me = await (await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } })).json();
  const a: ApiUser = { id: me.id, loginId, password, nickname, token };

  const write = async (title: string) => {
    const res = await request.post('/api/recruitments', {
      headers: auth(a),
      data: { title, description: '설명', topic: '웹', totalMembers: 4, dueDate: dueDate(), tags: [] },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).id as number;
  };
  // one post stays in my posts and bookmarks; another is closed and becomes a group (it leaves my posts)
  const postTitle = `앞사람의 공고 ${id}`;
  const postId = await write(postTitle);
  expect((await request.put(`/api/bookmarks/${postId}`, { headers: auth(a) })).status()).toBe(200);
  const groupedId = await write(`앞사람의 그룹 공고 ${id}`);
  expect((await request.patch(`/api/recruitments/${groupedId}/close`, { headers: auth(a) })).status()).toBe(200);
  const groupName = `앞사람그룹${id}`;
  const group = await request.post('/api/groups', {
    headers: auth(a),
    data: { basePostId: groupedId, name: groupName, description: '그룹 설명' },
  });
  expect(group.status(), await group.text()).toBe(201);
  const roomName = `앞사람방${id}`;
  const room = await request.post('/api/chat/room', {
    headers: auth(a),
    data: { groupId: (await group.json()).id, chatRoomName: roomName },
  });
  expect(room.status(), await room.text()).toBe(201);

  const sender = await apiUser(request);
  const messageText = `앞사람에게 온 쪽지 ${id}`;
  const sent = await request.post('/api/messages', {
    headers: auth(sender),
    data: { receiverName: nickname, content: messageText },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return { ...a, email, phone, messageText, postTitle, groupName, roomName };
}

/** Moves within the single-page app (no reload), as a click on a link does: the tab keeps its memory. */
async function go(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** A visits every per-user page in one tab and sees their data on each; resolves to the tab's token of A. */
async function fillTheTab(page: Page, a: PersonA): Promise<string> {
  await page.goto('/login');
  await page.getByLabel('아이디').fill(a.loginId);
  await page.getByLabel('비밀번호').fill(a.password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page.getByTestId('greeting')).toContainText(a.nickname);
  const visits: Array<[string, string]> = [
    ['/myinfo', a.email],
    ['/messages', a.messageText],
    ['/my-posts', a.postTitle],
    ['/my-groups', a.groupName],
    ['/bookmarks', a.postTitle],
  ];
  for (const [path, text] of visits) {
    await go(page, path);
    await expect(page.locator('main')).toContainText(text);
  }
  await page.getByRole('button', { name: '채팅방 목록' }).click();
  await expect(page.getByText(a.roomName)).toBeVisible();
  await page.getByRole('button', { name: '채팅방 목록' }).click();
  await expect(page.getByText(a.roomName)).toBeHidden();
  const token = await page.evaluate(() => localStorage.getItem('jwtToken'));
  expect(token).toBeTruthy();
  return token!;
}

/**
 * Records, from now on, every moment the page shows any of A's data while the tab's session is not A's: e-mail,
 * phone, 쪽지 text and room name anywhere; the nickname in the header; A's post and group names anywhere but
 * the public home page.
 */
async function watchForLeaks(page: Page, a: PersonA, tokenOfA: string, endedIn: 'this tab' | 'another tab') {
  const phoneShown = `${a.phone.slice(0, 3)}-${a.phone.slice(3, 7)}-${a.phone.slice(7)}`;
  await page.evaluate(
    ({ anywhere, offHome, nickname, token, otherTab }) => {
      const seen: string[] = [];
      (window as unknown as { __leaks: string[] }).__leaks = seen;
      // a change made in another tab reaches this one with its `storage` event: the tab cannot know before
      let told = !otherTab;
      addEventListener('storage', (e) => {
        if (e.key === 'jwtToken' || e.key === null) told = true;
      });
      const check = () => {
        if (localStorage.getItem('jwtToken') === token || !told) return;
        const text = document.body.textContent ?? '';
        const found = anywhere.filter((s) => text.includes(s));
        if (location.pathname !== '/') found.push(...offHome.filter((s) => text.includes(s)));
        if (document.querySelector('[data-testid="greeting"]')?.textContent?.includes(nickname)) found.push(`header ${nickname}`);
        for (const f of found) {
          const entry = `${location.pathname}: ${f}`;
          if (!seen.includes(entry)) seen.push(entry);
        }
      };
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
      setInterval(check, 10);
      check();
    },
    {
      anywhere: [a.email, a.phone, phoneShown, a.messageText, a.roomName],
      offHome: [a.postTitle, a.groupName],
      nickname: a.nickname,
      token: tokenOfA,
      otherTab: endedIn === 'another tab',
    },
  );
}

const leaks = (page: Page) => page.evaluate(() => (window as unknown as { __leaks: string[] }).__leaks);

/** Every request that carries a token waits HOLD_MS before it leaves: only what the tab kept could show. */
async function holdPerUserReads(context: BrowserContext) {
  await context.route('**/api/**', async (route) => {
    if (route.request().headers().authorization) await new Promise((r) => setTimeout(r, HOLD_MS));
    await route.continue().catch(() => undefined);
  });
}

/** B logs in on this tab's login page (reached without a reload) and walks A's pages while answers are held. */
async function bWalksThePages(page: Page, b: ApiUser) {
  if (!page.url().includes('/login')) await go(page, '/login');
  await page.getByLabel('아이디').fill(b.loginId);
  await page.getByLabel('비밀번호').fill(b.password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page.getByTestId('greeting')).toContainText(b.nickname);
  for (const path of ['/myinfo', '/messages', '/my-posts', '/my-groups', '/bookmarks']) {
    await go(page, path);
    // look during the hold too (the watcher in the page looks on every change)
    for (let i = 0; i < 4; i++) {
      expect(await leaks(page)).toEqual([]);
      await page.waitForTimeout(100);
    }
  }
  await page.getByRole('button', { name: '채팅방 목록' }).click();
  for (let i = 0; i < 4; i++) {
    expect(await leaks(page)).toEqual([]);
    await page.waitForTimeout(100);
  }
  await page.getByRole('button', { name: '채팅방 목록' }).click();
  // B's own answers do arrive
  await go(page, '/myinfo');
  await expect(page.locator('main')).toContainText(`${b.loginId}@naver.com`, { timeout: HOLD_MS * 4 });
  expect(await leaks(page)).toEqual([]);
}

test.describe('one person after another in the same tab', () => {
  // each test sets up two people and walks a dozen pages with answers held back
  test.describe.configure({ timeout: 180_000 });
  test('after a logout, B never sees A’s data while B’s answers are held back', async ({ page, context, request, dialogs }) => {
    const a = await personWithData(request);
    const b = await apiUser(request);
    const tokenOfA = await fillTheTab(page, a);
    await watchForLeaks(page, a, tokenOfA, 'this tab');

    await page.getByRole('button', { name: '로그아웃' }).click();
    await dialogs.expect('로그아웃 되었습니다.');
    await holdPerUserReads(context);
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await bWalksThePages(page, b);
  });

  test('after A’s token is cleared in another tab, B never sees A’s data in this one', async ({
    page,
    context,
    request,
    dialogs,
  }) => {
    const a = await personWithData(request);
    const b = await apiUser(request);
    const tokenOfA = await fillTheTab(page, a);
    await go(page, '/myinfo');
    await expect(page.locator('main')).toContainText(a.email);
    await watchForLeaks(page, a, tokenOfA, 'another tab');

    const other = await context.newPage();
    await other.goto('/');
    await other.evaluate(() => {
      localStorage.removeItem('jwtToken');
      localStorage.removeItem('nickname');
    });
    await other.close();
    // this tab follows: the session is gone, the guard asks to log in
    await dialogs.expect('로그인이 필요합니다.');
    await expect(page).toHaveURL(/\/login/);
    expect(await leaks(page)).toEqual([]);

    await holdPerUserReads(context);
    await bWalksThePages(page, b);
  });
});
