import type { APIRequestContext, Page } from '@playwright/test';
import { apiUser, expect, loginWithToken, settled, test, type ApiUser } from './fixtures';

const auth = (u: ApiUser) => ({ Authorization: `Bearer ${u.token}` });

async function sendApi(request: APIRequestContext, from: ApiUser, to: ApiUser | string, content: string) {
  const res = await request.post('/api/messages', {
    headers: auth(from),
    data: { receiverName: typeof to === 'string' ? to : to.nickname, content },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function inboxOf(request: APIRequestContext, user: ApiUser) {
  return (await (await request.get('/api/messages', { headers: auth(user) })).json()) as {
    totalElements: number;
    content: Array<{ senderName: string; content: string }>;
  };
}

const composeDialog = (page: Page) => page.getByRole('dialog').filter({ hasText: '쪽지 보내기' });

test('A writes to B: badge, dropdown, detail marks read, replies from three places, delete after confirm', async ({
  page,
  request,
  dialogs,
}) => {
  const a = await apiUser(request);
  const b = await apiUser(request);
  const first = '안녕하세요, 이번 스터디에 같이 참여하실 생각 있으신가요?';
  await sendApi(request, a, b, first);

  await page.clock.install();
  await loginWithToken(page, b);
  await page.goto('/');
  const badge = page.getByTestId('unread-badge');
  await expect(badge).toHaveText('1');

  // the badge refreshes on its own (every 30 s)
  await sendApi(request, a, b, '두 번째 쪽지');
  await page.clock.fastForward(31_000);
  await expect(badge).toHaveText('2');

  // header dropdown: newest first, sender cut to 6 characters, content cut by the server
  await page.getByRole('button', { name: '쪽지함' }).click();
  const dropdown = page.getByTestId('inbox-dropdown');
  await expect(dropdown).toBeVisible();
  expect(await dropdown.evaluate((el) => el.getBoundingClientRect().width)).toBe(460);
  const entries = dropdown.getByTestId('recent-message');
  await expect(entries).toHaveCount(2);
  const shortName = `${[...a.nickname].slice(0, 6).join('')}...`;
  await expect(entries.nth(1)).toContainText(shortName);
  await expect(entries.nth(1)).toContainText(`${[...first].slice(0, 20).join('')}...`);
  await expect(entries.nth(1)).toHaveAttribute('data-read', 'false');

  // opening marks it read: the entry turns grey and the badge drops
  await entries.nth(1).click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByRole('heading', { name: `보낸 사람: ${a.nickname}` })).toBeVisible();
  await expect(detail.getByTestId('message-content')).toHaveText(first);
  // one close (닫기) control; 답장쓰기 on the left, 삭제하기 on the right
  await expect(detail.getByRole('button', { name: '닫기' })).toHaveCount(1);
  const replyBox = (await detail.getByRole('button', { name: '답장쓰기' }).boundingBox())!;
  const deleteBox = (await detail.getByRole('button', { name: '삭제하기' }).boundingBox())!;
  expect(replyBox.x + replyBox.width).toBeLessThan(deleteBox.x);
  await expect(badge).toHaveText('1');
  await expect(entries.nth(1)).toHaveAttribute('data-read', 'true');

  // reply from the header's detail (default wording); blank is refused first
  await detail.getByRole('button', { name: '답장쓰기' }).click();
  const compose = composeDialog(page);
  await expect(compose.getByLabel('받는 사람:')).toHaveValue(a.nickname);
  await expect(compose.getByLabel('받는 사람:')).not.toBeEditable();
  await expect(compose.getByPlaceholder('답장할 내용을 입력하세요.')).toBeVisible();
  // the note textarea has a fixed height: not resizable, not growing with long text
  const note = compose.getByLabel('쪽지 내용:');
  await expect(note).toHaveCSS('resize', 'none');
  const noteHeight = (await note.boundingBox())!.height;
  await note.fill('긴 쪽지\n'.repeat(30));
  expect((await note.boundingBox())!.height).toBe(noteHeight);
  await note.fill('');
  await compose.getByRole('button', { name: '전송하기' }).click();
  await dialogs.expect('쪽지 내용을 입력하세요.');
  await compose.getByLabel('쪽지 내용:').fill('네, 좋아요!');
  await compose.getByRole('button', { name: '전송하기' }).click();
  await dialogs.expect('쪽지가 성공적으로 전송되었습니다.');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // 'view all' goes to the inbox page: unread white, read grey
  await dropdown.getByRole('link', { name: '전체 보기' }).click();
  await expect(page).toHaveURL(/\/messages$/);
  const rows = page.getByTestId('message-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-read', 'false');
  await expect(rows.nth(0)).toHaveClass(/bg-white/);
  await expect(rows.nth(1)).toHaveAttribute('data-read', 'true');
  await expect(rows.nth(1)).toHaveClass(/bg-gray-100/);

  // detail from the page, reply wording
  await rows.nth(0).getByText('두 번째 쪽지').click();
  await expect(page.getByRole('heading', { name: `보낸 사람: ${a.nickname}` })).toBeVisible();
  await expect(rows.nth(0)).toHaveAttribute('data-read', 'true');
  await expect(badge).toHaveCount(0);
  await page.getByRole('dialog').getByRole('button', { name: '답장쓰기' }).click();
  await composeDialog(page).getByLabel('쪽지 내용:').fill('답장입니다');
  await composeDialog(page).getByRole('button', { name: '전송하기' }).click();
  await dialogs.expect('답장 전송 완료');

  // the row's reply icon is a reply too (Reply: 답장 전송 완료)
  await expect.poll(() => dialogs.messages.filter((m) => m === '답장 전송 완료').length).toBe(1);
  await rows.nth(1).getByRole('button', { name: '답장', exact: true }).click();
  await expect(composeDialog(page).getByLabel('받는 사람:')).toHaveValue(a.nickname);
  await expect(composeDialog(page).getByLabel('받는 사람:')).not.toBeEditable();
  await composeDialog(page).getByLabel('쪽지 내용:').fill('목록에서 보낸 답장');
  await composeDialog(page).getByRole('button', { name: '전송하기' }).click();
  await expect.poll(() => dialogs.messages.filter((m) => m === '답장 전송 완료').length).toBe(2);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const aInbox = await inboxOf(request, a);
  expect(aInbox.content.map((m) => m.content)).toEqual(['목록에서 보낸 답장', '답장입니다', '네, 좋아요!']);
  expect(aInbox.content.every((m) => m.senderName === b.nickname)).toBe(true);

  // delete: dismissing the confirm keeps it; accepting deletes it
  dialogs.dismissNext();
  await rows.nth(0).getByRole('button', { name: '삭제', exact: true }).click();
  await dialogs.expect('정말 이 쪽지를 삭제하시겠습니까?');
  await expect(rows).toHaveCount(2);
  await rows.nth(0).getByRole('button', { name: '삭제', exact: true }).click();
  await dialogs.expect('쪽지가 삭제되었습니다.');
  await expect(rows).toHaveCount(1);

  // delete from the detail dialog closes it
  await rows.nth(0).getByText(first).click();
  await page.getByRole('dialog').getByRole('button', { name: '삭제하기' }).click();
  await expect.poll(() => dialogs.messages.filter((m) => m === '쪽지가 삭제되었습니다.').length).toBe(2);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('받은 쪽지가 없습니다.')).toBeVisible();
  expect((await inboxOf(request, b)).totalElements).toBe(0);
});

test('a [시스템] 쪽지 (from a reply to my board post) has no reply button and can be deleted', async ({
  page,
  request,
  dialogs,
}) => {
  const author = await apiUser(request);
  const replier = await apiUser(request);
  // docs/api.md §4.1: a reply by someone else sends the board author a 쪽지 from [시스템]
  const board = await request.post('/api/boards', {
    headers: auth(author),
    data: { title: '쪽지 테스트 글', content: '본문', categoryId: 1 },
  });
  expect(board.status(), await board.text()).toBe(201);
  const boardId = Number(board.headers()['location'].split('/').pop());
  const reply = await request.post('/api/replies', { headers: auth(replier), data: { boardId, content: '댓글' } });
  expect(reply.status(), await reply.text()).toBe(201);

  await loginWithToken(page, author);
  await page.goto('/messages');
  const row = page.getByTestId('message-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('message-sender')).toHaveText('[시스템]');
  await expect(row).toContainText(`'쪽지 테스트 글' 게시글에 새로운 댓글이 달렸습니다.`);
  await expect(row.getByRole('button', { name: '답장', exact: true })).toHaveCount(0);
  await expect(page.getByTestId('unread-badge')).toHaveText('1');

  await row.getByText('게시글에 새로운 댓글이 달렸습니다.').click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByRole('heading', { name: '보낸 사람: [시스템]' })).toBeVisible();
  await expect(detail.getByRole('button', { name: '답장쓰기' })).toHaveCount(0);
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  // 삭제하기 alone, right-aligned with the body text
  const body = (await detail.getByTestId('message-content').boundingBox())!;
  const del = (await detail.getByRole('button', { name: '삭제하기' }).boundingBox())!;
  expect(Math.abs(del.x + del.width - (body.x + body.width))).toBeLessThan(2);
  expect(del.x).toBeGreaterThan(body.x + body.width / 2);
  await detail.getByRole('button', { name: '삭제하기' }).click();
  await dialogs.expect('정말 이 쪽지를 삭제하시겠습니까?');
  await dialogs.expect('쪽지가 삭제되었습니다.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('받은 쪽지가 없습니다.')).toBeVisible();
});

test('replying to a withdrawn sender fails with the reply wording; pages come in blocks', async ({ page, request, dialogs }) => {
  const me = await apiUser(request);
  const leaver = await apiUser(request);
  const friend = await apiUser(request);
  await sendApi(request, leaver, me, '곧 탈퇴합니다');
  expect((await request.delete(`/api/users/${leaver.id}`, { headers: auth(leaver) })).status()).toBe(200);
  for (let i = 1; i <= 11; i++) await sendApi(request, friend, me, `쪽지 ${i}`);

  await loginWithToken(page, me);
  await page.goto('/messages');
  const rows = page.getByTestId('message-row');
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText('쪽지 11');
  const pager = page.getByRole('navigation', { name: '페이지 이동' });
  await pager.getByRole('button', { name: '2', exact: true }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByTestId('message-sender')).toHaveText('탈퇴한 사용자');

  await rows.nth(1).getByRole('button', { name: '답장', exact: true }).click();
  await composeDialog(page).getByLabel('쪽지 내용:').fill('안녕히 가세요');
  await composeDialog(page).getByRole('button', { name: '전송하기' }).click();
  await dialogs.expect('답장 전송 실패');
  await expect(composeDialog(page)).toBeVisible();
  await composeDialog(page).getByRole('button', { name: '닫기' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('쪽지 쓰기 on the inbox page: typed receiver, inbox wording and the 수신자 rule', async ({ page, request, dialogs }) => {
  const me = await apiUser(request);
  const friend = await apiUser(request);
  await loginWithToken(page, me);
  await page.goto('/messages');
  await expect(page.getByText('받은 쪽지가 없습니다.')).toBeVisible();

  await page.getByRole('button', { name: '쪽지 쓰기' }).click();
  const compose = composeDialog(page);
  const receiver = compose.getByLabel('받는 사람:');
  await expect(receiver).toBeEditable();
  await expect(receiver).toHaveValue('');

  // content is checked first, in the browser
  await receiver.fill('아무도아닌사람');
  await compose.getByRole('button', { name: '전송하기' }).click();
  await dialogs.expect('쪽지 내용을 입력하세요.');

  // an unknown, withdrawn or reserved name: the server text names the 수신자
  await compose.getByLabel('쪽지 내용:').fill('처음 인사드립니다');
  await compose.getByRole('button', { name: '전송하기' }).click();
  await dialogs.expect('쪽지 수신자를 찾을 수 없습니다.');
  await expect(compose).toBeVisible();
  await receiver.fill('[시스템]');
  await compose.getByRole('button', { name: '전송하기' }).click();
  await expect.poll(() => dialogs.messages.filter((m) => m === '쪽지 수신자를 찾을 수 없습니다.').length).toBe(2);

  // any other failure
  await page.route(/\/api\/messages$/, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'text/plain; charset=utf-8', body: '서버 오류가 발생했습니다.' })
      : route.continue(),
  );
  await receiver.fill(friend.nickname);
  await compose.getByRole('button', { name: '전송하기' }).click();
  await dialogs.expect('쪽지 전송에 실패했습니다.');
  await page.unroute(/\/api\/messages$/);

  // the receiver is matched trimmed and case-insensitively
  await receiver.fill(`  ${friend.nickname.toUpperCase()} `);
  await compose.getByRole('button', { name: '전송하기' }).click();
  await dialogs.expect('쪽지를 성공적으로 보냈습니다.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const inbox = await inboxOf(request, friend);
  expect(inbox.content.map((m) => [m.senderName, m.content])).toEqual([[me.nickname, '처음 인사드립니다']]);

  // a 쪽지 to oneself shows up at once
  await page.getByRole('button', { name: '쪽지 쓰기' }).click();
  await composeDialog(page).getByLabel('받는 사람:').fill(me.nickname);
  await composeDialog(page).getByLabel('쪽지 내용:').fill('나에게 쓰는 메모');
  await composeDialog(page).getByRole('button', { name: '전송하기' }).click();
  await expect.poll(() => dialogs.messages.filter((m) => m === '쪽지를 성공적으로 보냈습니다.').length).toBe(2);
  await expect(page.getByTestId('message-row')).toHaveCount(1);
  await expect(page.getByTestId('message-row')).toContainText('나에게 쓰는 메모');
  await expect(page.getByTestId('unread-badge')).toHaveText('1');
});

test('the badge catches up after my own action sends me a [시스템] 쪽지 (applying)', async ({ page, request, dialogs }) => {
  const author = await apiUser(request);
  const applicant = await apiUser(request);
  const dueDate = new Date(Date.now() + 9 * 3600_000 + 10 * 86_400_000).toISOString().slice(0, 10);
  const post = await request.post('/api/recruitments', {
    headers: auth(author),
    data: { title: '배지 공고', description: '설명', topic: '웹', totalMembers: 3, dueDate, tags: [] },
  });
  expect(post.status(), await post.text()).toBe(201);
  const { id } = (await post.json()) as { id: number };
  const profile = await request.post('/api/user-info', {
    headers: auth(applicant),
    data: { contact: '비공개', field: '백엔드', techStacks: [] },
  });
  expect(profile.status(), await profile.text()).toBe(201);

  await page.clock.install();
  await loginWithToken(page, applicant);
  await page.goto(`/recruitment/${id}`);
  await expect(page.getByRole('button', { name: '지원하기' })).toBeVisible();
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  await page.getByRole('button', { name: '지원하기' }).click();
  await dialogs.expect('지원이 완료되었습니다.');
  // no 30 s poll has run (the clock is held): the write itself refreshed the count
  await expect(page.getByTestId('unread-badge')).toHaveText('1');
  await page.getByRole('button', { name: '쪽지함' }).click();
  await expect(page.getByTestId('recent-message')).toHaveCount(1);
  await expect(page.getByTestId('recent-message')).toContainText('[시스템]');
  await expect(page.getByTestId('recent-message')).toContainText('▷배지 공고◁ 공고에 지원하셨습니다....');
});

test('failure texts: inbox load, delete and a send that never reaches the server', async ({ page, request, dialogs }) => {
  const me = await apiUser(request);
  const friend = await apiUser(request);
  await sendApi(request, friend, me, '실패 시험용 쪽지');
  await loginWithToken(page, me);

  await page.route(/\/api\/messages\?page=/, (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain; charset=utf-8', body: '서버 오류가 발생했습니다.' }),
  );
  await page.goto('/messages');
  await expect(page.getByText('쪽지를 불러오는 도중 문제가 발생했습니다.')).toBeVisible();
  await page.unroute(/\/api\/messages\?page=/);

  await page.reload();
  const row = page.getByTestId('message-row');
  await expect(row).toHaveCount(1);
  await page.route(/\/api\/messages\/\d+$/, (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, contentType: 'text/plain; charset=utf-8', body: '서버 오류가 발생했습니다.' })
      : route.continue(),
  );
  await row.getByRole('button', { name: '삭제', exact: true }).click();
  await dialogs.expect('쪽지 삭제에 실패했습니다.');
  await expect(row).toHaveCount(1);

  // the header's detail uses the default wording, which tells a network failure apart
  await page.route(/\/api\/messages$/, (route) => (route.request().method() === 'POST' ? route.abort() : route.continue()));
  await page.getByRole('button', { name: '쪽지함' }).click();
  await page.getByTestId('recent-message').first().click();
  await page.getByRole('dialog').getByRole('button', { name: '답장쓰기' }).click();
  await composeDialog(page).getByLabel('쪽지 내용:').fill('전송되지 않을 답장');
  await composeDialog(page).getByRole('button', { name: '전송하기' }).click();
  await dialogs.expect('쪽지 전송 중 오류가 발생했습니다.');
  await expect(composeDialog(page)).toBeVisible();
  expect((await inboxOf(request, friend)).totalElements).toBe(0);
});

test('an expired session while deleting or sending says only 로그인이 필요합니다. and goes to /login', async ({
  page,
  request,
  dialogs,
}) => {
  const me = await apiUser(request);
  const friend = await apiUser(request);
  await sendApi(request, friend, me, '세션 만료 시험');
  await loginWithToken(page, me);
  await page.goto('/messages');
  const row = page.getByTestId('message-row');
  await expect(row).toHaveCount(1);
  await settled(page);

  // the session ends elsewhere (the account is withdrawn): every earlier token answers 401
  expect((await request.delete(`/api/users/${me.id}`, { headers: auth(me) })).status()).toBe(200);
  await row.getByRole('button', { name: '삭제', exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => dialogs.messages).toEqual(['정말 이 쪽지를 삭제하시겠습니까?', '로그인이 필요합니다.']);

  // the same when sending from the compose dialog (쪽지 쓰기)
  const other = await apiUser(request);
  await loginWithToken(page, other);
  await page.goto('/messages');
  await page.getByRole('button', { name: '쪽지 쓰기' }).click();
  await settled(page);
  expect((await request.delete(`/api/users/${other.id}`, { headers: auth(other) })).status()).toBe(200);
  await composeDialog(page).getByLabel('받는 사람:').fill(friend.nickname);
  await composeDialog(page).getByLabel('쪽지 내용:').fill('보내지지 않을 쪽지');
  await composeDialog(page).getByRole('button', { name: '전송하기' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(() => dialogs.messages.slice(2)).toEqual(['로그인이 필요합니다.']);
  expect((await inboxOf(request, friend)).totalElements).toBe(0);
});

test('the inbox page is in the URL: reload, back and forward come back to it', async ({ page, request }) => {
  const me = await apiUser(request);
  const friend = await apiUser(request);
  for (let i = 1; i <= 11; i++) await sendApi(request, friend, me, `쪽지 ${i}`);

  await loginWithToken(page, me);
  await page.goto('/messages');
  const rows = page.getByTestId('message-row');
  const pager = page.getByRole('navigation', { name: '페이지 이동' });
  await expect(rows).toHaveCount(10);
  await pager.getByRole('button', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/\/messages\?page=1$/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('쪽지 1');

  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('쪽지 1');
  await expect(pager.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');

  await page.goBack();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(rows).toHaveCount(10);
  await expect(pager.getByRole('button', { name: '1', exact: true })).toHaveAttribute('aria-current', 'page');
  await page.goForward();
  await expect(rows).toHaveCount(1);

  // leaving for another page and coming back returns to page 2
  await page.getByRole('link', { name: '팀메이트' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await expect(rows).toHaveCount(1);
  await expect(pager.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('the compose dialog is modal: focus stays inside, Escape or a press outside closes it, focus returns', async ({
  page,
  request,
}) => {
  const me = await apiUser(request);
  await loginWithToken(page, me);
  await page.goto('/messages');
  const write = page.getByRole('button', { name: '쪽지 쓰기' });
  const compose = composeDialog(page);
  // where Tab puts focus: inside the dialog, or out of the document to the browser's own UI, never on the page
  const focusAt = () =>
    compose.evaluate((el) =>
      el.contains(document.activeElement) ? 'dialog' : document.activeElement === document.body ? 'browser' : 'page',
    );

  await write.click();
  await expect(compose).toBeFocused();
  const stops: string[] = [];
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Tab');
    stops.push(await focusAt());
  }
  expect(stops).not.toContain('page');
  // the four controls (×, 받는 사람, 쪽지 내용, 전송하기) come round again
  expect(stops.slice(0, 4)).toEqual(['dialog', 'dialog', 'dialog', 'dialog']);
  expect(stops.slice(stops.indexOf('browser'))).toContain('dialog');
  await page.keyboard.press('Escape');
  await expect(compose).toHaveCount(0);
  await expect(write).toBeFocused();

  // a press on the backdrop closes it; a press inside does not
  await write.click();
  await compose.getByLabel('쪽지 내용:').click();
  await expect(compose).toBeVisible();
  const box = (await compose.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, Math.max(2, box.y - 8));
  await expect(compose).toHaveCount(0);
  await expect(write).toBeFocused();
});
