import { SocialSignUpForm } from '../features/account/SocialSignUpForm';
import { OAuthDonePage } from '../features/social/OAuthDonePage';

/** /oauth/done: the social sign-in's landing, with the account area's sign-up completion for a new identity. */
export default function OAuthDoneRoute() {
  return <OAuthDonePage signupForm={(signup, onDone) => <SocialSignUpForm signup={signup} onDone={onDone} />} />;
}
