import { apiUser, expect, loginWithToken, settled, test, unique } from './fixtures';

test('an anonymous visitor is asked to log in to write, to reply and for my boards', async ({ page, request, dialogs }) => {
  const author = await apiUser(request);
  const res = await request.post('/api/boards', {
    headers: { Authorization: `Bearer ${author.token}` },
    data: { title: `익명 확인 ${unique()}`, content: '본문', categoryId: 1 },
  });
  expect(res.status()).toBe(201);
  const location = res.headers()['location'];

  // the board pages: 로그인 후 이용가능한 서비스입니다. redirects to login
  await page.goto('/boards');
  await page.getByRole('button', { name: '글쓰기' }).click();
  await dialogs.expect('로그인 후 이용가능한 서비스입니다.');
  await expect(page).toHaveURL(/\/login/);

  // the reply box takes text; submitting it asks to log in
  await page.goto(location.replace('/api', ''));
  const box = page.getByLabel('댓글 내용');
  await box.fill('익명 댓글');
  await page.getByTestId('reply-form').getByRole('button', { name: '등록' }).click();
  await expect.poll(() => dialogs.messages.filter((m) => m === '로그인 후 이용가능한 서비스입니다.').length).toBe(2);
  await expect(page).toHaveURL(/\/login/);

  await page.goto('/my-boards');
  await dialogs.expect('로그인이 필요한 서비스입니다.');
  await expect(page).toHaveURL(/\/login/);
  expect(dialogs.messages).not.toContain('로그인이 필요합니다.');
});

test('after the write button sent an anonymous visitor to log in, logging in leads to the write page', async ({
  page,
  request,
  dialogs,
}) => {
  const user = await apiUser(request);
  await page.goto('/boards');
  await page.getByRole('button', { name: '글쓰기' }).click();
  await dialogs.expect('로그인 후 이용가능한 서비스입니다.');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('아이디').fill(user.loginId);
  await page.getByLabel('비밀번호').fill(user.password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL(/\/boards\/register$/);
  await expect(page.getByLabel('카테고리')).toBeVisible();
});

test('write, filter, search, open, reply, reply to a reply, edit and delete replies, edit and delete the post', async ({
  page,
  request,
  dialogs,
}) => {
  test.setTimeout(120_000);
  const author = await apiUser(request);
  const other = await apiUser(request);
  const title = `상담 요청 ${unique()}`;

  await loginWithToken(page, author);
  await page.goto('/boards');
  await page.getByRole('button', { name: '글쓰기' }).click();
  await expect(page).toHaveURL(/\/boards\/register$/);
  await page.getByRole('button', { name: '등록' }).click();
  await dialogs.expect('제목과 내용을 모두 입력해주세요.');
  await page.getByLabel('제목').fill(title);
  await page.getByLabel('카테고리').selectOption({ label: '상담글' });
  await page.getByLabel('내용').fill('진로 상담을\n받고 싶습니다.');
  await page.getByRole('button', { name: '등록' }).click();
  await dialogs.expect('게시글이 등록되었습니다.');
  await expect(page).toHaveURL(/\/boards$/);

  // category chip filters; clicking the active chip resets to all
  const chip = page.getByRole('group', { name: '카테고리' });
  await chip.getByRole('button', { name: '상담글' }).click();
  await expect(chip.getByRole('button', { name: '상담글' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await chip.getByRole('button', { name: '일반글' }).click();
  await expect(page.getByRole('link', { name: title })).toBeHidden();
  await chip.getByRole('button', { name: '일반글' }).click();
  await expect(chip.getByRole('button', { name: '전체' })).toHaveAttribute('aria-pressed', 'true');

  // search by title
  await page.getByLabel('검색 유형').selectOption({ label: '제목' });
  await page.getByLabel('검색어').fill(title);
  await page.getByRole('button', { name: '검색' }).click();
  await expect(page.getByTestId('board-row')).toHaveCount(1);
  // back to the unfiltered list: the search box follows the URL
  await page.goBack();
  await expect(page.getByLabel('검색어')).toHaveValue('');
  await expect(page.getByLabel('검색 유형')).toHaveValue('all');
  await page.goForward();
  await expect(page.getByLabel('검색어')).toHaveValue(title);
  await expect(page.getByLabel('검색 유형')).toHaveValue('title');
  await expect(page.getByTestId('board-row')).toHaveCount(1);
  await page.getByRole('link', { name: title }).click();

  // detail: one view counted on open
  await expect(page.getByTestId('board-title')).toHaveText(title);
  await expect(page.getByTestId('board-category')).toHaveText('상담글');
  await expect(page.getByTestId('board-author')).toHaveText(author.nickname);
  await expect(page.getByTestId('board-views')).toHaveText('조회수 1');
  await expect(page.getByTestId('board-content')).toHaveText('진로 상담을\n받고 싶습니다.');

  // a top-level reply by Enter; Shift+Enter adds a newline
  const box = page.getByLabel('댓글 내용');
  await expect(page.getByRole('button', { name: '등록' })).toBeDisabled();
  await box.fill('첫 번째');
  await box.press('Shift+Enter');
  await box.pressSequentially('댓글');
  await box.press('Enter');
  await expect(page.getByTestId('reply')).toHaveCount(1);
  await expect(page.getByTestId('reply').first()).toContainText('첫 번째\n댓글');
  await expect(page.getByTestId('reply-count')).toHaveText('댓글 1');

  // someone else replies (through the API); the author answers it
  const added = await request.post('/api/replies', {
    headers: { Authorization: `Bearer ${other.token}` },
    data: { boardId: Number(page.url().split('/').pop()), content: '다른 사람 댓글' },
  });
  expect(added.status()).toBe(201);
  await page.reload();
  await expect(page.getByTestId('reply')).toHaveCount(2);
  await page.getByText('다른 사람 댓글').click();
  await expect(page.getByTestId('reply-form-header')).toHaveText(`${other.nickname}님에게 답글 작성`);
  await page.getByTestId('reply-form').getByRole('button', { name: '취소' }).click();
  await expect(page.getByTestId('reply-form-header')).toHaveText('댓글 작성');
  await page.getByText('첫 번째').click();
  await expect(page.getByTestId('reply-form-header')).toHaveText(`${author.nickname}님에게 답글 작성`);
  await box.fill('답글입니다');
  await page.getByTestId('reply-form').getByRole('button', { name: '등록' }).click();
  const child = page.getByTestId('child-reply');
  await expect(child).toHaveCount(1);
  await expect(child).toContainText('답글입니다');
  await expect(page.getByTestId('reply-count')).toHaveText('댓글 3');

  // edit own reply: 수정됨
  await child.getByRole('button', { name: '수정' }).click();
  await child.getByLabel('댓글 수정').fill('고친 답글');
  await child.getByRole('button', { name: '저장' }).click();
  await expect(child).toContainText('고친 답글');
  await expect(child).toContainText('수정됨');

  // the post's author deletes someone else's reply
  const others = page.getByTestId('reply').filter({ hasText: '다른 사람 댓글' });
  await expect(others.getByRole('button', { name: '수정' })).toHaveCount(0);
  await others.getByRole('button', { name: '삭제' }).click();
  await expect(page.getByText('다른 사람 댓글')).toBeHidden();
  await expect(page.getByTestId('reply-count')).toHaveText('댓글 2');

  // edit the post; the category is read-only
  await page.getByRole('button', { name: '게시글 관리' }).click();
  await page.getByRole('menuitem', { name: '수정' }).click();
  await expect(page).toHaveURL(/\/boards\/edit\/\d+$/);
  await expect(page.getByLabel('카테고리')).toHaveValue('상담글');
  await expect(page.getByLabel('카테고리')).toBeDisabled();
  await page.getByLabel('제목').fill(`${title} (수정)`);
  await page.getByRole('button', { name: '수정' }).click();
  await dialogs.expect('게시글이 수정되었습니다.');
  await expect(page.getByTestId('board-title')).toHaveText(`${title} (수정)`);

  // my boards lists it
  await page.goto('/my-boards');
  await expect(page.getByRole('link', { name: `${title} (수정)` })).toBeVisible();
  await page.getByRole('link', { name: `${title} (수정)` }).click();

  // delete the post
  await page.getByRole('button', { name: '게시글 관리' }).click();
  await page.getByRole('menuitem', { name: '삭제' }).click();
  await dialogs.expect('삭제되었습니다.');
  await expect(page).toHaveURL(/\/boards$/);
  await expect(page.getByRole('link', { name: `${title} (수정)` })).toBeHidden();
});

test('a non-author sees no owner menu and can only manage their own replies', async ({ page, request }) => {
  const author = await apiUser(request);
  const visitor = await apiUser(request);
  const res = await request.post('/api/boards', {
    headers: { Authorization: `Bearer ${author.token}` },
    data: { title: `남의 글 ${unique()}`, content: '본문', categoryId: 2 },
  });
  const id = res.headers()['location'].split('/').pop();
  await request.post('/api/replies', {
    headers: { Authorization: `Bearer ${author.token}` },
    data: { boardId: id, content: '작성자 댓글' },
  });
  await loginWithToken(page, visitor);
  await page.goto(`/boards/${id}`);
  await expect(page.getByTestId('board-category')).toHaveText('모집글');
  await expect(page.getByRole('button', { name: '게시글 관리' })).toHaveCount(0);
  const reply = page.getByTestId('reply').first();
  await expect(reply).toContainText('작성자 댓글');
  await expect(reply.getByRole('button', { name: '삭제' })).toHaveCount(0);
  await page.getByLabel('댓글 내용').fill('방문자 댓글');
  await page.getByLabel('댓글 내용').press('Enter');
  const mine = page.getByTestId('reply').filter({ hasText: '방문자 댓글' });
  await expect(mine.getByRole('button', { name: '수정' })).toBeVisible();
  await expect(mine.getByRole('button', { name: '삭제' })).toBeVisible();
  await page.goto(`/boards/edit/${id}`);
  await expect(page.getByText('게시글을 수정할 권한이 없습니다.')).toBeVisible();
});

test('a viewed post shows among the home page’s popular boards and opens its detail', async ({ page, request }) => {
  const author = await apiUser(request);
  const title = `인기 글 ${unique()}`;
  const res = await request.post('/api/boards', {
    headers: { Authorization: `Bearer ${author.token}` },
    data: { title, content: '많이 본 글', categoryId: 1 },
  });
  const id = res.headers()['location'].split('/').pop();
  for (let i = 0; i < 50; i++) {
    const view = await request.post(`/api/boards/${id}/view`, { headers: { 'x-forwarded-for': `10.99.${i}.1` } });
    expect(view.status()).toBe(204);
  }
  await page.goto('/');
  await page.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page).toHaveURL(new RegExp(`/boards/${id}$`));
  await expect(page.getByTestId('board-title')).toHaveText(title);

  // the home page's 게시판 button opens the board list
  await page.goto('/');
  await page.getByRole('button', { name: '게시판' }).click();
  await expect(page).toHaveURL(/\/boards$/);
});

test('my boards with an expired session: the session is cleared with one 로그인이 필요합니다. and the login page', async ({
  page,
  request,
  dialogs,
}) => {
  const user = await apiUser(request);
  await loginWithToken(page, { ...user, token: `${user.token.slice(0, -4)}AAAA` });
  await page.goto('/my-boards');
  await expect(page).toHaveURL(/\/login/);
  await dialogs.expect('로그인이 필요합니다.');
  await expect(page.getByLabel('아이디')).toBeVisible();
  expect(dialogs.messages).toEqual(['로그인이 필요합니다.']);
  expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();
});

test('a session that expires while writing says 로그인이 필요합니다. once, with no failure alert after it', async ({
  page,
  request,
  dialogs,
}) => {
  const user = await apiUser(request);
  const res = await request.post('/api/boards', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { title: `만료 확인 ${unique()}`, content: '본문', categoryId: 1 },
  });
  const id = res.headers()['location'].split('/').pop();
  const expire = () => page.evaluate((t) => localStorage.setItem('jwtToken', t), `${user.token.slice(0, -4)}AAAA`);

  // a reply
  await loginWithToken(page, user);
  await page.goto(`/boards/${id}`);
  await expect(page.getByTestId('reply-form-header')).toHaveText('댓글 작성');
  await settled(page);
  await expire();
  await page.getByLabel('댓글 내용').fill('늦은 댓글');
  await page.getByLabel('댓글 내용').press('Enter');
  await expect(page).toHaveURL(/\/login/);
  await dialogs.expect('로그인이 필요합니다.');
  await expect(page.getByLabel('아이디')).toBeVisible();
  expect(dialogs.messages).toEqual(['로그인이 필요합니다.']);

  // a new post
  await loginWithToken(page, user);
  await page.goto('/boards/register');
  await page.getByLabel('제목').fill('늦은 글');
  await page.getByLabel('내용').fill('본문');
  await settled(page);
  await expire();
  await page.getByRole('button', { name: '등록' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('아이디')).toBeVisible();
  await expect.poll(() => dialogs.messages.length).toBe(2);
  expect(dialogs.messages).toEqual(['로그인이 필요합니다.', '로그인이 필요합니다.']);
  expect((await (await request.get(`/api/boards/${id}`)).json()).board.replyCount).toBe(0);
});

test('replies page 10 at a time in thread order; a new reply shows on the last page', async ({ page, request }) => {
  const author = await apiUser(request);
  const other = await apiUser(request);
  const res = await request.post('/api/boards', {
    headers: { Authorization: `Bearer ${author.token}` },
    data: { title: `댓글 많은 글 ${unique()}`, content: '본문', categoryId: 1 },
  });
  const id = Number(res.headers()['location'].split('/').pop());
  const add = async (content: string, parentReplyId?: number) => {
    const r = await request.post('/api/replies', {
      headers: { Authorization: `Bearer ${other.token}` },
      data: { boardId: id, content, parentReplyId },
    });
    expect(r.status()).toBe(201);
    return (await r.json()) as { id: number };
  };
  const first = await add('댓글 1');
  for (let i = 2; i <= 10; i++) await add(`댓글 ${i}`);
  await add('1번의 답글', first.id);

  await loginWithToken(page, author);
  await page.goto(`/boards/${id}`);
  await expect(page.getByTestId('reply-count')).toHaveText('댓글 11');
  const items = page.locator('[data-testid="reply"], [data-testid="child-reply"]');
  await expect(items).toHaveCount(10);
  await expect(items.nth(0)).toContainText('댓글 1');
  await expect(items.nth(1)).toContainText('1번의 답글');
  await expect(items.nth(1)).toHaveAttribute('data-testid', 'child-reply');
  await expect(items.nth(9)).toContainText('댓글 9');

  const pages = page.getByRole('navigation', { name: '페이지 이동' });
  await pages.getByRole('button', { name: '2', exact: true }).click();
  await expect(items).toHaveCount(1);
  await expect(items.nth(0)).toContainText('댓글 10');

  await pages.getByRole('button', { name: '1', exact: true }).click();
  await expect(items).toHaveCount(10);
  await page.getByLabel('댓글 내용').fill('마지막 댓글');
  await page.getByLabel('댓글 내용').press('Enter');
  await expect(page.getByTestId('reply-count')).toHaveText('댓글 12');
  await expect(pages.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(items).toHaveCount(2);
  await expect(items.nth(1)).toContainText('마지막 댓글');
});
