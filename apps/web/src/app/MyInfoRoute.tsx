import MyInfoPage from '../features/account/MyInfoPage';
import { BlockList } from '../features/blocks/BlockList';
import { NotificationSettings } from '../features/notifications/NotificationSettings';
import { ApplicationHistory } from '../features/posts/ApplicationHistory';
import { ProfileCard } from '../features/profile/ProfileCard';

/**
 * /myinfo: the account card, then the application profile card (profile area) and my applications (posts area),
 * 알림 설정 (notifications area), then 차단 목록.
 */
export default function MyInfoRoute() {
  return (
    <MyInfoPage>
      <ProfileCard />
      <ApplicationHistory />
      <NotificationSettings />
      <BlockList />
    </MyInfoPage>
  );
}
