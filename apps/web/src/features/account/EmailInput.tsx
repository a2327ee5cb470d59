export const EMAIL_DOMAINS = ['naver.com', 'gmail.com', 'daum.net'];
const CUSTOM = 'custom';

export interface EmailValue {
  local: string;
  /** one of EMAIL_DOMAINS, or 'custom' with `customDomain` */
  domain: string;
  customDomain: string;
}

export const emptyEmail: EmailValue = { local: '', domain: EMAIL_DOMAINS[0], customDomain: '' };

export function joinEmail(v: EmailValue): string {
  const domain = v.domain === CUSTOM ? v.customDomain.trim() : v.domain;
  return `${v.local.trim()}@${domain}`;
}

export function splitEmail(email: string): EmailValue {
  const at = email.lastIndexOf('@');
  const local = at < 0 ? email : email.slice(0, at);
  const domain = at < 0 ? '' : email.slice(at + 1);
  return EMAIL_DOMAINS.includes(domain.toLowerCase())
    ? { local, domain: domain.toLowerCase(), customDomain: '' }
    : { local, domain: CUSTOM, customDomain: domain };
}

/** Local part @ a known domain, or free entry; typing a known domain switches back to it. */
export function EmailInput({ value, onChange }: { value: EmailValue; onChange(v: EmailValue): void }) {
  const setCustom = (customDomain: string) => {
    const known = EMAIL_DOMAINS.find((d) => d === customDomain.trim().toLowerCase());
    onChange(known ? { ...value, domain: known, customDomain: '' } : { ...value, customDomain });
  };
  return (
    <div className="flex items-center gap-2">
      <input
        className="input min-w-0 flex-1"
        aria-label="이메일 아이디"
        value={value.local}
        onChange={(e) => onChange({ ...value, local: e.target.value })}
      />
      <span className="text-gray-500">@</span>
      {value.domain === CUSTOM && (
        <input
          className="input w-32 min-w-0"
          aria-label="이메일 도메인 직접 입력"
          placeholder="example.com"
          value={value.customDomain}
          onChange={(e) => setCustom(e.target.value)}
        />
      )}
      <select
        className="input w-28 shrink-0"
        aria-label="이메일 도메인"
        value={value.domain}
        onChange={(e) => onChange({ ...value, domain: e.target.value, customDomain: '' })}
      >
        {EMAIL_DOMAINS.map((d) => (
          <option key={d} value={d}>
            {d}
          </option>
        ))}
        <option value={CUSTOM}>직접 입력</option>
      </select>
    </div>
  );
}
