import { LoginPage } from '../features/account/LoginPage';
import { ProviderButtons } from '../features/social/ProviderButtons';

/** /login: the login form, and under it the configured social sign-in buttons. */
export default function LoginRoute() {
  return <LoginPage social={(from) => <ProviderButtons from={from} divider={{ text: '또는', at: 'top' }} />} />;
}
