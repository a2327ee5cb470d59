import { RegisterPage } from '../features/account/RegisterPage';
import { ProviderButtons } from '../features/social/ProviderButtons';

/** /register: the configured social sign-up buttons, then the sign-up form. */
export default function RegisterRoute() {
  return (
    <RegisterPage
      social={(from) => <ProviderButtons from={from} divider={{ text: '또는 아이디로 가입', at: 'bottom' }} className="mb-4" />}
    />
  );
}
