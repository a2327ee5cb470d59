import { OAUTH_START_LABELS, type OAuthProvider } from '@app/contract';
import { startUrl, useProviders } from './api';
import { ProviderMark } from './ProviderMark';

/** Each provider's button in its brand's colours (Kakao, Naver, GitHub and Google design guides). */
const BRAND: Record<OAuthProvider, string> = {
  // Kakao: #FEE500, the symbol black, the label black at 85 %
  kakao: 'bg-[#FEE500] text-black/85 hover:brightness-95',
  // Naver: #03C75A, white
  naver: 'bg-[#03C75A] text-white hover:brightness-95',
  // GitHub: its dark grey, white
  github: 'bg-[#24292f] text-white hover:bg-[#32383f]',
  // Google: white, a grey border, dark grey label
  google: 'border border-[#747775] bg-white text-[#1f1f1f] hover:bg-gray-50',
};

interface ProviderButtonsProps {
  /** where the sign-in comes back to: a path of this site (the server checks it again) */
  from: string;
  /** a line with a text between the buttons and the form, above or below them */
  divider?: { text: string; at: 'top' | 'bottom' };
  className?: string;
}

/**
 * The configured providers' buttons, full width and stacked, 48 px tall. Each is a link to the server's start route,
 * which sends the browser to the provider and brings it back to `from`.
 */
export function ProviderButtons({ from, divider, className = '' }: ProviderButtonsProps) {
  const { data: providers } = useProviders();
  if (!providers?.length) return null;
  return (
    <div className={`flex flex-col gap-2 ${className}`} data-testid="social-sign-in">
      {divider?.at === 'top' && <OrDivider text={divider.text} />}
      {providers.map((p) => (
        <a
          key={p}
          href={startUrl(p, from)}
          className={`relative flex h-12 w-full items-center justify-center rounded-xl px-12 text-[15px] font-semibold no-underline ${BRAND[p]}`}
        >
          <span className="absolute left-4 flex items-center">
            <ProviderMark provider={p} />
          </span>
          {OAUTH_START_LABELS[p]}
        </a>
      ))}
      {divider?.at === 'bottom' && <OrDivider text={divider.text} />}
    </div>
  );
}

/** The line between the social buttons and the form. */
function OrDivider({ text }: { text: string }) {
  return (
    <div className="my-3 flex items-center gap-3 text-xs text-gray-500" aria-hidden="true">
      <span className="h-px flex-1 bg-gray-200" />
      {text}
      <span className="h-px flex-1 bg-gray-200" />
    </div>
  );
}
