import MyInfoPage from '../features/account/MyInfoPage';
import { BlockList } from '../features/blocks/BlockList';
import { ApplicationHistory } from '../features/posts/ApplicationHistory';
import { ProfileCard } from '../features/profile/ProfileCard';

/** /myinfo: the account card, then the application profile card (profile area) and my applications (posts area), then 차단 목록. */
export default function MyInfoRoute() {
  return (
    <MyInfoPage>
      <ProfileCard />
      <ApplicationHistory />
      <BlockList />
    </MyInfoPage>
  );
}
