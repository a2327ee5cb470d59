import type { Mail } from '../../lib/mail/mailer.js';
import { seoulDateTime } from '../../lib/clock.js';
import { maskLoginId } from './presenter.js';
import { MAILS } from './texts.js';

export const findIdCodeMail = (to: string, code: string): Mail => ({
  to,
  subject: MAILS.findIdSubject,
  text: [MAILS.findIdCodeLine(code), MAILS.validity, MAILS.ignore].join('\n'),
  code,
});

export const findPasswordCodeMail = (to: string, code: string): Mail => ({
  to,
  subject: MAILS.findPasswordSubject,
  text: [MAILS.findPasswordCodeLine(code), MAILS.validity, MAILS.ignore].join('\n'),
  code,
});

/** `yyyy-MM-dd HH:mm` in Seoul. */
const seoulMinute = (d: Date) => seoulDateTime(d).slice(0, 16).replace('T', ' ');

export const passwordChangedMail = (to: string, loginId: string, at: Date): Mail => ({
  to,
  subject: MAILS.changedSubject,
  text: [MAILS.changedLine(maskLoginId(loginId), seoulMinute(at)), MAILS.changedAdvice].join('\n'),
});
