import { createECDH, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiUser, expect, loginWithToken, test, type ApiUser } from './fixtures';

const auth = (u: ApiUser) => ({ Authorization: `Bearer ${u.token}` });
const TYPE_NAMES = ['새 지원자', '지원 결과', '그룹 소식', '댓글', '일정 알림', '마감 알림', '팀원 평가 요청', '쪽지'];

async function openSettings(page: Page) {
  await page.goto('/myinfo');
  const section = page.getByRole('region', { name: '알림 설정' });
  await expect(section.getByTestId('notification-row')).toHaveCount(TYPE_NAMES.length);
  await section.scrollIntoViewIfNeeded();
  return section;
}

/**
 * Chromium cannot make a real push subscription here: a Playwright context is incognito, where the Push API is
 * off, and a normal profile waits for Google's push service, which this machine cannot reach. The browser's
 * subscribe() and getSubscription() are stood in for by a subscription with real-sized keys; everything around
 * them is the app's own (permission, the server's key, POST and DELETE, the service worker's push and click).
 */
async function standInPushService(page: Page) {
  const p256dh = createECDH('prime256v1');
  p256dh.generateKeys();
  await page.addInitScript(
    ([p256dhKey, authKey]) => {
      const w = window as unknown as { subscribedWithKey?: string };
      let current: object | null = null;
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = new Uint8Array(options!.applicationServerKey as Uint8Array);
        w.subscribedWithKey = btoa(String.fromCharCode(...key))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
        const endpoint = `https://push.example.test/e2e/${Math.random().toString(36).slice(2)}`;
        current = {
          endpoint,
          options: { applicationServerKey: key.buffer, userVisibleOnly: true },
          toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: p256dhKey, auth: authKey } }),
          unsubscribe: async () => ((current = null), true),
        };
        return current as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
    },
    [p256dh.getPublicKey('base64url'), randomBytes(16).toString('base64url')],
  );
}

for (const [width, use] of [
  ['desktop', { viewport: { width: 1280, height: 900 } }],
  ['390 px with touch', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
] as const) {
  test.describe(`알림 설정 at ${width}`, () => {
    test.use(use);

    test('a switch is saved the moment it is flipped and stays after a reload; the API agrees', async ({ page, request }) => {
      const user = await apiUser(request);
      await loginWithToken(page, user);
      const section = await openSettings(page);

      // one row per type, in the contract's order, each with its 이메일 and 푸시 switch; all of it on screen
      await expect(section.getByTestId('notification-row').locator('th span:first-child')).toHaveText(TYPE_NAMES);
      const replyEmail = section.getByRole('switch', { name: '댓글 이메일 알림' });
      const applicantPush = section.getByRole('switch', { name: '새 지원자 푸시 알림' });
      await expect(section.getByRole('switch', { name: '새 지원자 이메일 알림' })).toHaveAttribute('aria-checked', 'true');
      await expect(replyEmail).toHaveAttribute('aria-checked', 'false');
      await expect(applicantPush).toHaveAttribute('aria-checked', 'true');
      for (const control of [replyEmail, applicantPush, section.getByText('내 게시글에 댓글이 달렸을 때')]) {
        const box = (await control.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
      }

      const flip = async (control: typeof replyEmail, body: object) => {
        const saved = page.waitForResponse(
          (r) => r.url().endsWith('/api/notification-settings') && r.request().method() === 'PUT',
        );
        await (use.viewport.width < 500 ? control.tap() : control.click());
        const response = await saved;
        expect(response.status()).toBe(200);
        expect(response.request().postDataJSON()).toEqual(body);
      };
      await flip(replyEmail, { email: { REPLY: true } });
      await expect(replyEmail).toHaveAttribute('aria-checked', 'true');
      await flip(applicantPush, { push: { APPLICATION_RECEIVED: false } });
      await expect(applicantPush).toHaveAttribute('aria-checked', 'false');

      await page.reload();
      await openSettings(page);
      await expect(replyEmail).toHaveAttribute('aria-checked', 'true');
      await expect(applicantPush).toHaveAttribute('aria-checked', 'false');

      const settings = await (await request.get('/api/notification-settings', { headers: auth(user) })).json();
      expect(settings.email.REPLY).toBe(true);
      expect(settings.push.APPLICATION_RECEIVED).toBe(false);
      expect(settings.email.APPLICATION_RECEIVED).toBe(true);
    });

    test('a save that fails puts the switch back and says so', async ({ page, request }) => {
      const user = await apiUser(request);
      await loginWithToken(page, user);
      const section = await openSettings(page);
      await page.route('**/api/notification-settings', (route) =>
        route.request().method() === 'PUT' ? route.abort() : route.continue(),
      );
      const messageEmail = section.getByRole('switch', { name: '쪽지 이메일 알림' });
      await expect(messageEmail).toHaveAttribute('aria-checked', 'false');
      await messageEmail.click();
      await expect(section.getByRole('alert')).toHaveText(
        '쪽지 이메일 알림 설정을 저장하지 못했습니다. 잠시 후 다시 시도해 주세요.',
      );
      await expect(messageEmail).toHaveAttribute('aria-checked', 'false');
    });

    test('push on this device: subscribe, a push shows a notification, its click opens the page, then off', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const user = await apiUser(request);
      await context.grantPermissions(['notifications'], { origin: baseURL });
      await standInPushService(page);
      await loginWithToken(page, user);
      // a tab opened once the worker is installed (the worker's notification click can navigate only such a tab)
      await page.evaluate(() => navigator.serviceWorker.ready);
      const section = await openSettings(page);
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

      const posted = page.waitForRequest((r) => r.url().endsWith('/api/push/subscriptions') && r.method() === 'POST');
      await section.getByRole('button', { name: '이 기기에서 푸시 알림 받기' }).click();
      const post = await posted;
      expect((await post.response())!.status()).toBe(201);
      const body = post.postDataJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
      expect(body.endpoint).toMatch(/^https:\/\/push\.example\.test\/e2e\//);
      expect(Buffer.from(body.keys.p256dh, 'base64url')).toHaveLength(65);
      await expect(section.getByRole('button', { name: '이 기기의 푸시 알림 끄기' })).toBeVisible();
      // subscribed with the server's VAPID key, as GET /api/push/public-key gives it
      const publicKey = (await (await request.get('/api/push/public-key')).text()).trim();
      expect(await page.evaluate(() => (window as unknown as { subscribedWithKey?: string }).subscribedWithKey)).toBe(publicKey);

      // a push message to this site's service worker, as the push service would deliver it
      const cdp = await context.newCDPSession(page);
      const registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> = [];
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
      await cdp.send('ServiceWorker.enable');
      await expect.poll(() => registrations.some((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted)).toBe(true);
      const registrationId = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted)!.registrationId;
      const payload = { title: '새 지원자', body: '홍길동님이 공고에 지원했습니다.', url: '/messages' };
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId, data: JSON.stringify(payload) });
      const shown = () =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            icon: n.icon,
          })),
        );
      await expect.poll(shown).toEqual([{ title: payload.title, body: payload.body, icon: `${baseURL}/icon-192.png` }]);
      // the same message again collapses into the one notification
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId, data: JSON.stringify(payload) });
      await page.waitForTimeout(500);
      expect(await shown()).toHaveLength(1);

      // The click: a person's click on a system notification cannot be made headless. The worker's own
      // notificationclick listener is run instead, with that very notification, by an event dispatched inside the
      // worker (its waitUntil kept, since a script's event may not extend itself): the tab open on /myinfo goes to
      // the notification's page and the notification closes.
      const worker = context.serviceWorkers().find((w) => w.url() === `${baseURL}/sw.js`)!;
      await worker.evaluate(async () => {
        // the worker's globals, which the DOM types of this file do not describe
        type Scope = typeof globalThis & {
          registration: ServiceWorkerRegistration;
          NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
        };
        const scope = self as unknown as Scope;
        const [notification] = await scope.registration.getNotifications();
        const event = new scope.NotificationEvent('notificationclick', { notification });
        const pending: Array<Promise<unknown>> = [];
        Object.defineProperty(event, 'waitUntil', { value: (p: Promise<unknown>) => pending.push(p) });
        scope.dispatchEvent(event);
        await Promise.all(pending);
      });
      await expect(page).toHaveURL(`${baseURL}/messages`);
      expect(await shown()).toEqual([]);

      // off again: the server is told, and the button says so
      await page.goto('/myinfo');
      const again = await openSettings(page);
      // the stand-in's subscription lived in the page that was left: subscribe once more, then turn it off
      await again.getByRole('button', { name: '이 기기에서 푸시 알림 받기' }).click();
      const off = again.getByRole('button', { name: '이 기기의 푸시 알림 끄기' });
      await expect(off).toBeVisible();
      const deleted = page.waitForRequest((r) => r.url().endsWith('/api/push/subscriptions') && r.method() === 'DELETE');
      await off.click();
      const del = await deleted;
      expect((await del.response())!.status()).toBe(200);
      expect(Object.keys(del.postDataJSON())).toEqual(['endpoint']);
      await expect(again.getByRole('button', { name: '이 기기에서 푸시 알림 받기' })).toBeVisible();
    });
  });
}

test.describe('a browser without web push', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });

  test('iOS Safari outside a home-screen app is told how to get it', async ({ page, request }) => {
    const user = await apiUser(request);
    await page.addInitScript(() => delete (window as { PushManager?: unknown }).PushManager);
    await loginWithToken(page, user);
    const section = await openSettings(page);
    await expect(section.getByTestId('push-device')).toContainText('이 브라우저에서는 푸시 알림을 받을 수 없습니다.');
    await expect(section.getByTestId('push-device')).toContainText('홈 화면에 추가');
    await expect(section.getByRole('button', { name: '이 기기에서 푸시 알림 받기' })).toHaveCount(0);
  });
});

test('installable: the manifest, its icons and the service worker are served; offline, a page says so', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  const app = await manifest.json();
  expect(app).toMatchObject({ name: '팀메이트', short_name: '팀메이트', lang: 'ko', start_url: '/', display: 'standalone' });
  expect(app.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '192x192 maskable',
    '512x512 maskable',
  ]);
  for (const icon of app.icons) expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png');
  const sw = await request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');

  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', app.theme_color);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${baseURL}/sw.js`);

  await context.setOffline(true);
  await page.goto('/boards').catch(() => {});
  await expect(page.getByRole('heading', { name: '인터넷 연결이 끊겼습니다' })).toBeVisible();
  // only that page is kept: an API answer the site has read is not
  expect(
    await page.evaluate(() =>
      fetch('/api/boards/popular').then(
        () => 'answered',
        () => 'failed',
      ),
    ),
  ).toBe('failed');
  await context.setOffline(false);
  await page.getByRole('button', { name: '다시 시도' }).click();
  await expect(page).toHaveURL(`${baseURL}/boards`);
  await expect(page.getByRole('heading', { name: '인터넷 연결이 끊겼습니다' })).toHaveCount(0);
});
