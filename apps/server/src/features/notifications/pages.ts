import { NOTIFICATION_LABELS, type NotificationType } from '@app/contract';
import { NOTIFICATION_TEXTS, SITE_NAME } from './texts.js';

const page = (title: string, body: string) => `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title} | ${SITE_NAME}</title>
<style>body{font-family:system-ui,sans-serif;line-height:1.6;color:#111827;max-width:480px;margin:48px auto;padding:0 20px}
h1{font-size:1.25rem}a.button{display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none}
p.small{color:#6b7280;font-size:.875rem}</style></head>
<body><p><a href="/" style="color:#4f46e5;font-weight:bold;text-decoration:none">${SITE_NAME}</a></p>${body}</body></html>
`;

/** After an unsubscribe link: which mail is off, and where to change it back. */
export function unsubscribedPage(type: NotificationType): string {
  const { name, when } = NOTIFICATION_LABELS[type];
  return page(
    '메일 수신 거부',
    `<h1>'${name}' 알림 메일을 더 이상 보내지 않습니다.</h1>
<p>${when} 보내던 메일입니다. 사이트 안의 알림(쪽지)과 다른 종류의 메일은 그대로 받습니다.</p>
<p><a class="button" href="/myinfo">알림 설정 바로 가기</a></p>
<p class="small">다시 받고 싶으시면 내 정보의 알림 설정에서 켜실 수 있습니다.</p>`,
  );
}

export function unsubscribeFailedPage(): string {
  return page(
    '메일 수신 거부',
    `<h1>${NOTIFICATION_TEXTS.invalidToken}</h1>
<p>메일의 링크가 잘렸거나 바뀐 것 같습니다. 로그인한 뒤 내 정보의 알림 설정에서 메일 수신을 바꾸실 수 있습니다.</p>
<p><a class="button" href="/myinfo">알림 설정 바로 가기</a></p>`,
  );
}
