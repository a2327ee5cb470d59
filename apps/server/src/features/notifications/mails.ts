import { NOTIFICATION_LABELS, type NotificationType } from '@app/contract';
import type { Mail } from '../../lib/mail/mailer.js';
import { MAIL_SUBJECTS, SITE_NAME } from './texts.js';

export interface MailedNotification {
  type: NotificationType;
  content: string;
  /** the page concerned, a path of the web app */
  link: string;
  /** a person's 쪽지: the sender's name */
  senderName: string | null;
  /** names the mail: a resend after a crash carries the same Message-ID */
  key: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * A notification mail (docs/api.md §10.1): a Korean subject, the 쪽지's text and a link to the page concerned, in
 * plain text and HTML, and one-click unsubscribe (RFC 8058) from this type of mail.
 */
export function notificationMail(publicUrl: string, to: string, n: MailedNotification, unsubscribeUrl: string): Mail {
  const label = NOTIFICATION_LABELS[n.type];
  const subject = n.type === 'MESSAGE' && n.senderName ? `${n.senderName}님이 쪽지를 보냈습니다` : MAIL_SUBJECTS[n.type];
  const pageUrl = `${publicUrl}${n.link}`;
  const settingsUrl = `${publicUrl}/myinfo`;
  const footer = `이 메일은 ${SITE_NAME}의 '${label.name}' 알림입니다.`;
  const text = [
    n.content,
    '',
    `바로 가기: ${pageUrl}`,
    '',
    '-- ',
    footer,
    `알림 설정: ${settingsUrl}`,
    `이 종류의 메일 받지 않기: ${unsubscribeUrl}`,
    '',
  ].join('\n');
  const html = `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:sans-serif;line-height:1.6;color:#111827;max-width:560px;margin:0 auto;padding:16px">
<p style="font-size:13px;color:#4f46e5;font-weight:bold;margin:0 0 8px">${SITE_NAME} · ${escapeHtml(label.name)}</p>
<p style="white-space:pre-wrap;font-size:16px">${escapeHtml(n.content)}</p>
<p><a href="${escapeHtml(pageUrl)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">바로 가기</a></p>
<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0">
<p style="font-size:12px;color:#6b7280">${escapeHtml(footer)}<br>
<a href="${escapeHtml(settingsUrl)}" style="color:#6b7280">알림 설정</a> · <a href="${escapeHtml(unsubscribeUrl)}" style="color:#6b7280">이 종류의 메일 받지 않기</a></p>
</body></html>`;
  const host = new URL(publicUrl).hostname || 'localhost';
  return {
    to,
    subject: `[${SITE_NAME}] ${subject}`,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    messageId: `<${n.key.replace(/[^A-Za-z0-9.-]/g, '.')}@${host}>`,
  };
}
