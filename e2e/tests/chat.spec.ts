import { chatGroup, secondPerson, typeAndSend } from './chat-helpers';
import { apiUser, expect, loginWithToken, test } from './fixtures';

test('two members chat live in two browsers', async ({ page, browser, request }) => {
  const g = await chatGroup(request);
  await loginWithToken(page, g.admin);
  const other = await secondPerson(browser, g.member);

  await page.goto(`/chat/${g.roomId}`);
  await expect(page.getByTestId('chat-room-name')).toHaveText(g.roomName);
  await other.page.goto(`/chat/${g.roomId}`);
  await expect(other.page.getByTestId('chat-room-name')).toHaveText(g.roomName);

  // an Enter that confirms a Hangul composition does not send
  const input = page.getByLabel('메시지 입력');
  await expect(input).toHaveAttribute('placeholder', '메시지를 입력하세요');
  await input.fill('조합 중');
  await input.dispatchEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 229, isComposing: true, bubbles: true });
  await expect(input).toHaveValue('조합 중');
  await input.fill('');
  await typeAndSend(page, '  안녕하세요, 반갑습니다  ');
  await expect(other.page.getByTestId('chat-message').filter({ hasText: '안녕하세요, 반갑습니다' })).toContainText(
    g.admin.nickname,
  );
  await typeAndSend(other.page, '네 반가워요');
  await expect(page.getByTestId('chat-message').filter({ hasText: '네 반가워요' })).toBeVisible();
  // times of today are HH:MM
  await expect(page.getByTestId('chat-message').first()).toContainText(/\d{2}:\d{2}/);
  await expect(other.page.getByTestId('chat-message').filter({ hasText: '조합 중' })).toHaveCount(0);
  await other.context.close();
});

test('the header list counts the other’s messages, opens the room in a modal and resets on open', async ({
  page,
  browser,
  request,
  dialogs,
}) => {
  const g = await chatGroup(request);
  const other = await secondPerson(browser, g.admin);
  await other.page.goto(`/chat/${g.roomId}`);
  await typeAndSend(other.page, '첫 번째');
  await typeAndSend(other.page, '두 번째');
  await other.context.close();

  await loginWithToken(page, g.member);
  await page.goto('/');
  await page.getByRole('button', { name: '채팅방 목록' }).click();
  const item = page.getByTestId('chat-room-item').filter({ hasText: g.roomName });
  await expect(item.getByTestId('chat-unread')).toHaveText('2');
  await expect(item).toContainText('두 번째');
  await item.dblclick();
  await expect(page.getByTestId('chat-list')).toHaveCount(0);
  const modal = page.getByRole('dialog', { name: '채팅방' });
  await expect(modal).toBeVisible();
  const box = await modal.boundingBox();
  expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([400, 600]);
  await expect(modal.getByTestId('chat-message')).toHaveCount(2);
  await modal.getByRole('button', { name: '닫기' }).click();
  await expect(modal).toHaveCount(0);

  await page.getByRole('button', { name: '채팅방 목록' }).click();
  await expect(page.getByTestId('chat-room-item').filter({ hasText: g.roomName })).toBeVisible();
  await expect(page.getByTestId('chat-room-item').filter({ hasText: g.roomName }).getByTestId('chat-unread')).toHaveCount(0);
  expect(dialogs.messages).toEqual([]);
});

test('with no rooms the list says 채팅방이 없습니다.', async ({ page, request }) => {
  await loginWithToken(page, await apiUser(request));
  await page.goto('/');
  await page.getByRole('button', { name: '채팅방 목록' }).click();
  await expect(page.getByTestId('chat-list')).toContainText('채팅방이 없습니다.');
});

test('a kicked member’s open chat shows the kick alert and closes', async ({ page, browser, request, dialogs }) => {
  const g = await chatGroup(request);
  const member = await secondPerson(browser, g.member);
  await member.page.goto('/');
  await member.page.getByRole('button', { name: '채팅방 목록' }).click();
  await member.page.getByTestId('chat-room-item').filter({ hasText: g.roomName }).dblclick();
  await expect(member.page.getByLabel('메시지 입력')).toHaveAttribute('placeholder', '메시지를 입력하세요');

  // the admin kicks from the members page
  await loginWithToken(page, g.admin);
  await page.goto(`/groups/${g.groupId}/members`);
  await page.getByTestId('member-row').filter({ hasText: g.member.nickname }).getByRole('button', { name: '추방' }).click();
  await dialogs.expect('추방 완료');
  await member.dialogs.expect('그룹에서 추방된 사용자이므로 채팅방에 참여를 할 수 없습니다.');
  await expect(member.page.getByTestId('chat-room')).toHaveCount(0);

  // the admin's room shows the kick line
  await loginWithToken(page, g.admin);
  await page.goto(`/chat/${g.roomId}`);
  await expect(page.getByTestId('chat-system-line').last()).toHaveText(`${g.member.nickname}님이 그룹에서 추방되었습니다.`);
  await member.context.close();
});

test('a non-member cannot open the room', async ({ page, request, dialogs }) => {
  const g = await chatGroup(request);
  await loginWithToken(page, await apiUser(request));
  await page.goto(`/chat/${g.roomId}`);
  await dialogs.expect('채팅방 데이터를 불러오는 데 실패했습니다.');
  await expect(page.getByTestId('chat-room')).toHaveCount(0);
});

test('a phone gets the room full screen', async ({ browser, request }) => {
  const g = await chatGroup(request);
  const context = await browser.newContext({ viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await loginWithToken(page, g.member);
  await page.goto('/');
  await page.getByRole('button', { name: '채팅방 목록' }).tap();
  await page.getByTestId('chat-room-item').filter({ hasText: g.roomName }).tap();
  const modal = page.getByRole('dialog', { name: '채팅방' });
  const box = await modal.boundingBox();
  expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([390, 800]);
  await context.close();
});

test('the group page’s chat button shows the unread badge, opens the room and resets on open', async ({
  page,
  browser,
  request,
}) => {
  const g = await chatGroup(request);
  const admin = await secondPerson(browser, g.admin);
  await admin.page.goto(`/chat/${g.roomId}`);
  await typeAndSend(admin.page, '그룹 페이지에서 보세요');
  await typeAndSend(admin.page, '두 개');
  // both lines came back from the server before the admin leaves
  await expect(admin.page.getByTestId('chat-message')).toHaveCount(2);
  await admin.context.close();

  await loginWithToken(page, g.member);
  await page.goto(`/groups/${g.groupId}`);
  await expect(page.getByTestId('group-chat-unread')).toHaveText('2');
  await page.getByTestId('group-chat-button').click();
  await expect(page.getByTestId('group-chat-unread')).toHaveCount(0);
  const modal = page.getByRole('dialog', { name: '채팅방' });
  await expect(modal.getByTestId('chat-room-name')).toHaveText(g.roomName);
  await expect(modal.getByTestId('chat-message')).toHaveCount(2);
  await modal.getByRole('button', { name: '닫기' }).click();
  await page.reload();
  await expect(page.getByTestId('group-chat-button')).toBeEnabled();
  await expect(page.getByTestId('group-chat-unread')).toHaveCount(0);
});

test('without a room, the admin creates it in the dialog and a member is told it does not exist yet', async ({
  page,
  browser,
  request,
  dialogs,
}) => {
  const g = await chatGroup(request, false);
  const member = await secondPerson(browser, g.member);
  await member.page.goto(`/groups/${g.groupId}`);
  await member.page.getByTestId('group-chat-button').click();
  await member.dialogs.expect('채팅방이 아직 생성되지 않았습니다.');

  await loginWithToken(page, g.admin);
  await page.goto(`/groups/${g.groupId}`);
  await page.getByTestId('group-chat-button').click();
  await page.getByLabel('채팅방 이름').fill('  우리 채팅방  ');
  await page.getByRole('button', { name: '만들기' }).click();
  await dialogs.expect('채팅방이 생성되었습니다.');
  await page.getByTestId('group-chat-button').click();
  await expect(page.getByRole('dialog', { name: '채팅방' }).getByTestId('chat-room-name')).toHaveText('우리 채팅방');
  await member.context.close();
});
