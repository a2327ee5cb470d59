import MyInfoPage from '../features/account/MyInfoPage';
import { SetPasswordForm } from '../features/account/SetPasswordForm';
import { BlockList } from '../features/blocks/BlockList';
import { NotificationSettings } from '../features/notifications/NotificationSettings';
import { ApplicationHistory } from '../features/posts/ApplicationHistory';
import { ProfileCard } from '../features/profile/ProfileCard';
import { LinkedAccounts } from '../features/social/LinkedAccounts';

/**
 * /myinfo: the account card and its 연결된 계정 (social sign-in), then the application profile card (profile area) and my applications (posts area),
 * 알림 설정 (notifications area), then 차단 목록.
 */
export default function MyInfoRoute() {
  return (
    <MyInfoPage>
      <LinkedAccounts setPassword={<SetPasswordForm />} />
      <ProfileCard />
      <ApplicationHistory />
      <NotificationSettings />
      <BlockList />
    </MyInfoPage>
  );
}
