import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiUser, expect, loginWithToken, test, unique, type ApiUser } from './fixtures';

// No field cuts what a person typed or pasted: past the contract's limit the whole text stays in the field, the
// contract's text says the limit, the submit is refused and nothing (let alone a shortened value) is saved.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const auth = (user: ApiUser) => ({ Authorization: `Bearer ${user.token}` });
const seoulDate = (days: number) => new Date(Date.now() + 9 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
/** `n` characters, Hangul and Latin mixed (a Hangul syllable is one character to the contract) */
const chars = (n: number) => '가나다abc'.repeat(Math.ceil(n / 6)).slice(0, n);

/** Pastes through the clipboard over whatever the field holds, as a person does with Ctrl+V; the field keeps it all. */
async function paste(field: Locator, text: string, kept = true) {
  // a server-rendered page's fields stay disabled until the app has taken it over, and a key press does not wait
  await expect(field).toBeEnabled();
  await field.focus();
  await field.press('ControlOrMeta+A');
  await field.page().evaluate((t) => navigator.clipboard.writeText(t), text);
  await field.press('ControlOrMeta+V');
  if (kept) await expect(field).toHaveValue(text);
}

/** Every API write the page sends (method and path), to show that a refused submit sent nothing. */
function writesOf(page: Page) {
  const writes: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.method() !== 'GET' && url.pathname.startsWith('/api/')) writes.push(`${r.method()} ${url.pathname}`);
  });
  return writes;
}

/** The field keeps the whole text, is marked invalid and the contract's text and the count are shown near it. */
async function expectRefused(scope: Locator | Page, field: Locator, text: string, count: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(scope.getByRole('alert').filter({ hasText: text })).toBeVisible();
  await expect(scope.getByText(count, { exact: true })).toBeVisible();
  // the field is described by its count and the text
  const described = (await field.getAttribute('aria-describedby'))!.split(' ');
  const names = await Promise.all(described.map((id) => field.page().locator(`[id="${id}"]`).textContent()));
  expect(names).toEqual([count, text]);
}

async function apiGroup(request: APIRequestContext, admin: ApiUser) {
  const post = await request.post('/api/recruitments', {
    headers: auth(admin),
    data: { title: `붙여넣기 ${unique()}`, description: '설명', topic: '웹', totalMembers: 4, dueDate: seoulDate(5), tags: [] },
  });
  expect(post.status(), await post.text()).toBe(201);
  const postId = ((await post.json()) as { id: number }).id;
  expect((await request.patch(`/api/recruitments/${postId}/close`, { headers: auth(admin) })).status()).toBe(200);
  const group = await request.post('/api/groups', {
    headers: auth(admin),
    data: { basePostId: postId, name: `팀 ${unique()}`, description: '설명' },
  });
  expect(group.status(), await group.text()).toBe(201);
  return ((await group.json()) as { id: number }).id;
}

for (const phone of [false, true]) {
  test.describe(phone ? 'on a phone (390 px, touch)' : 'on a desktop', () => {
    if (phone) test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const press = (button: Locator) => (phone ? button.tap() : button.click());

    test('the notice dialog and the 자료 form keep a paste past the limit, refuse it, and save only what was typed', async ({
      page,
      request,
    }) => {
      test.slow(); // two forms, each pasted into four times
      const admin = await apiUser(request);
      const groupId = await apiGroup(request, admin);
      const read = async <T>(what: 'notices' | 'links') =>
        (await (await request.get(`/api/groups/${groupId}/${what}`, { headers: auth(admin) })).json()) as T[];
      await loginWithToken(page, admin);
      await page.goto(`/groups/${groupId}`);
      const writes = writesOf(page);

      // 공지: 60 characters into the 50-character title, 2,100 into the 2,000-character content
      await press(page.getByRole('region', { name: '공지' }).getByRole('button', { name: '공지 작성' }));
      const dialog = page.getByRole('dialog', { name: '공지 작성' });
      const title = dialog.getByLabel('공지 제목');
      const content = dialog.getByLabel('공지 내용');
      const longTitle = chars(60);
      const longContent = `첫 줄\n${chars(2096)}`;
      await paste(title, longTitle);
      await expectRefused(dialog, title, '공지 제목은 1~50자로 입력해주세요.', '60/50');
      await paste(content, longContent);
      await expectRefused(dialog, content, '공지 내용은 1~2000자로 입력해주세요.', '2,100/2,000');
      await press(dialog.getByRole('button', { name: '등록' }));
      await expect(title).toBeFocused();
      await expect(title).toHaveValue(longTitle);
      await expect(content).toHaveValue(longContent);
      expect(writes).toEqual([]);
      expect(await read('notices')).toEqual([]);
      if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // at the limit the count stays and the text goes; what is saved is exactly what is in the fields
      const fullTitle = chars(50);
      const fullContent = chars(2000);
      await paste(title, fullTitle);
      await paste(content, fullContent);
      await expect(title).not.toHaveAttribute('aria-invalid');
      await expect(dialog.getByText('50/50', { exact: true })).toBeVisible();
      await expect(dialog.getByText('2,000/2,000', { exact: true })).toBeVisible();
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      await press(dialog.getByRole('button', { name: '등록' }));
      await expect(dialog).toHaveCount(0);
      const notices = await read<{ title: string; content: string }>('notices');
      expect(notices.map((n) => [n.title, n.content])).toEqual([[fullTitle, fullContent]]);

      // 자료: a 600-character link is refused whole, never stored as its first 500 characters
      const links = page.getByRole('region', { name: '자료' });
      const linkTitle = links.getByLabel('자료 제목');
      const url = links.getByLabel('링크');
      const longLink = `https://example.com/${'a'.repeat(580)}`;
      writes.length = 0;
      await paste(linkTitle, longTitle);
      await expectRefused(links, linkTitle, '자료 제목은 1~50자로 입력해주세요.', '60/50');
      await paste(url, longLink);
      await expectRefused(links, url, '올바른 링크(http:// 또는 https://)를 입력해주세요.', '600/500');
      await press(links.getByRole('button', { name: '추가' }));
      await expect(linkTitle).toBeFocused();
      await expect(linkTitle).toHaveValue(longTitle);
      await expect(url).toHaveValue(longLink);
      expect(writes).toEqual([]);
      expect(await read('links')).toEqual([]);
      if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      const link = `https://example.com/${'b'.repeat(480)}`;
      await paste(linkTitle, '회의록');
      await paste(url, link);
      await expect(url).not.toHaveAttribute('aria-invalid');
      await press(links.getByRole('button', { name: '추가' }));
      await expect(url).toHaveValue('');
      expect((await read<{ title: string; url: string }>('links')).map((l) => [l.title, l.url])).toEqual([['회의록', link]]);
    });
  });
}

test('the post form keeps title, topic, description and tag pasted past their limits and sends nothing', async ({
  page,
  request,
}) => {
  const author = await apiUser(request);
  await loginWithToken(page, author);
  await page.goto('/recruitment/register');
  const writes = writesOf(page);

  const title = page.getByLabel('제목');
  await paste(title, chars(120));
  await expectRefused(page, title, '제목은 최대 100자까지 입력 가능합니다.', '120/100');
  const topic = page.getByLabel('주제');
  await paste(topic, chars(60));
  await expectRefused(page, topic, '주제는 최대 50자까지 입력 가능합니다.', '60/50');
  const description = page.getByLabel('설명');
  await paste(description, chars(5100));
  await expectRefused(page, description, '설명은 최대 5000자까지 입력 가능합니다.', '5,100/5,000');
  const tag = page.getByLabel('기술 태그', { exact: true });
  await paste(tag, chars(25));
  await expectRefused(page, tag, '태그는 항목당 최대 20자까지 입력 가능합니다.', '25/20');
  await tag.press('Enter');
  await expect(tag).toHaveValue(chars(25));
  await expect(page.getByRole('list', { name: '기술 태그 목록' })).toHaveCount(0);

  await page.getByRole('button', { name: '등록하기' }).click();
  await expect(title).toBeFocused();
  await expect(title).toHaveValue(chars(120));
  await expect(description).toHaveValue(chars(5100));
  expect(writes).toEqual([]);
});

test('editing a study keeps a pasted title past the limit and leaves the stored post as it was', async ({ page, request }) => {
  const author = await apiUser(request);
  const stored = `스터디 ${unique()}`;
  const res = await request.post('/api/study-groups', {
    headers: auth(author),
    data: {
      title: stored,
      description: '같이 공부해요',
      topic: '알고리즘',
      totalMembers: 5,
      dueDate: seoulDate(10),
      startDate: seoulDate(11),
      endDate: seoulDate(40),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { id: number }).id;
  await loginWithToken(page, author);
  await page.goto(`/study-group/edit/${id}`);
  const title = page.getByLabel('제목');
  await expect(title).toHaveValue(stored);
  const writes = writesOf(page);

  await paste(title, chars(70));
  await expectRefused(page, title, '스터디 제목은 2자 이상, 50자 이하로 입력해야 합니다.', '70/50');
  const description = page.getByLabel('설명');
  await paste(description, chars(501));
  await expectRefused(page, description, '스터디 설명은 최대 500자까지 입력 가능합니다.', '501/500');
  await page.getByRole('button', { name: '수정하기' }).click();
  await expect(title).toBeFocused();
  expect(writes).toEqual([]);
  const after = (await (await request.get(`/api/study-groups/${id}`)).json()) as { title: string };
  expect(after.title).toBe(stored);
});

test('the board form, a reply, a reply edit and the board search keep what was pasted and send nothing', async ({
  page,
  request,
}) => {
  const author = await apiUser(request);
  await loginWithToken(page, author);
  await page.goto('/boards/register');
  let writes = writesOf(page);

  const title = page.getByLabel('제목');
  await paste(title, chars(120));
  await expectRefused(page, title, '제목은 최대 100자까지 입력 가능합니다.', '120/100');
  const content = page.getByLabel('내용');
  await paste(content, chars(10050));
  await expectRefused(page, content, '내용은 최대 10000자까지 입력 가능합니다.', '10,050/10,000');
  await page.getByRole('button', { name: '등록' }).click();
  await expect(title).toBeFocused();
  await expect(content).toHaveValue(chars(10050));
  expect(writes).toEqual([]);

  // a reply and its edit on a post of the board
  const board = await request.post('/api/boards', {
    headers: auth(author),
    data: { title: `댓글 글 ${unique()}`, content: '본문', categoryId: 1 },
  });
  expect(board.status(), await board.text()).toBe(201);
  const boardId = Number(board.headers()['location']!.split('/').pop());
  const reply = await request.post('/api/replies', { headers: auth(author), data: { boardId, content: '처음 댓글' } });
  expect(reply.status(), await reply.text()).toBe(201);
  await page.goto(`/boards/${boardId}`);
  writes = writesOf(page);
  const box = page.getByLabel('댓글 내용');
  await paste(box, chars(520));
  await expectRefused(page, box, '댓글은 최대 500자까지 입력 가능합니다.', '520/500');
  await expect(page.getByTestId('reply-form').getByRole('button', { name: '등록' })).toBeDisabled();
  await box.press('Enter');
  await expect(box).toHaveValue(chars(520));

  await page.getByTestId('reply').getByRole('button', { name: '수정' }).click();
  const edit = page.getByLabel('댓글 수정');
  await paste(edit, chars(600));
  await expectRefused(page.getByTestId('reply'), edit, '댓글은 최대 500자까지 입력 가능합니다.', '600/500');
  await expect(page.getByTestId('reply').getByRole('button', { name: '저장' })).toBeDisabled();
  expect(writes.filter((w) => !w.endsWith('/view'))).toEqual([]);
  const detail = (await (await request.get(`/api/boards/${boardId}`)).json()) as {
    replies: { content: Array<{ content: string }> };
  };
  expect(detail.replies.content.map((r) => r.content)).toEqual(['처음 댓글']);

  // the search box: a 60-character keyword stays whole and is not searched
  await page.goto('/boards');
  const keyword = page.getByLabel('검색어');
  await paste(keyword, chars(60));
  await expectRefused(page, keyword, '검색어는 최대 50자까지 입력 가능합니다.', '60/50');
  await page.getByRole('button', { name: '검색' }).click();
  await expect(keyword).toBeFocused();
  expect(new URL(page.url()).search).toBe('');
});

test('쪽지 and the application profile keep what was pasted past the limit and send nothing', async ({
  page,
  request,
  dialogs,
}) => {
  const sender = await apiUser(request);
  const receiver = await apiUser(request);
  await loginWithToken(page, sender);
  await page.goto('/messages');
  const writes = writesOf(page);

  await page.getByRole('button', { name: '쪽지 쓰기' }).click();
  const compose = page.getByRole('dialog', { name: '쪽지 보내기' });
  await compose.getByLabel('받는 사람:').fill(receiver.nickname);
  const note = compose.getByLabel('쪽지 내용:');
  await paste(note, chars(1050));
  await expectRefused(compose, note, '쪽지 내용은 최대 1000자까지 입력 가능합니다.', '1,050/1,000');
  await compose.getByRole('button', { name: '전송하기' }).click();
  await expect(note).toBeFocused();
  await expect(note).toHaveValue(chars(1050));
  expect(dialogs.messages).toEqual([]);
  expect(writes).toEqual([]);
  const inbox = (await (await request.get('/api/messages', { headers: auth(receiver) })).json()) as { content: unknown[] };
  expect(inbox.content).toEqual([]);
  await compose.getByRole('button', { name: '닫기' }).click();

  // 지원 정보: the field and a tech stack; a whole number pasted into the first phone box fills all three
  await page.goto('/application-info/register');
  const first = page.getByLabel('연락처 1번째 자리');
  await paste(first, '010-9876-5432', false);
  await expect(page.getByLabel('연락처 2번째 자리')).toHaveValue('9876');
  await expect(page.getByLabel('연락처 3번째 자리')).toHaveValue('5432');
  await expect(first).toHaveValue('010');
  const field = page.getByLabel('분야');
  await paste(field, chars(60));
  await expectRefused(page, field, '분야는 최대 50자까지 입력 가능합니다.', '60/50');
  const stack = page.getByLabel('기술 스택', { exact: true });
  await paste(stack, chars(35));
  await expectRefused(page, stack, '기술 스택은 항목당 최대 30자까지 입력 가능합니다.', '35/30');
  await stack.press('Enter');
  await expect(stack).toHaveValue(chars(35));
  await page.getByRole('button', { name: '등록하기' }).click();
  await expect(field).toBeFocused();
  expect(dialogs.messages).toEqual([]);
  expect(writes).toEqual([]);
});
