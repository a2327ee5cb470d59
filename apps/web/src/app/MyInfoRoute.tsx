import MyInfoPage from '../features/account/MyInfoPage';
import { ApplicationHistory } from '../features/profile/ApplicationHistory';
import { ProfileCard } from '../features/profile/ProfileCard';

/** /myinfo: the account card, then the application profile card and history (posts area). */
export default function MyInfoRoute() {
  return (
    <MyInfoPage>
      <ProfileCard />
      <ApplicationHistory />
    </MyInfoPage>
  );
}
