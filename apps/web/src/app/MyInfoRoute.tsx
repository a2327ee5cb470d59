import MyInfoPage from '../features/account/MyInfoPage';

/** /myinfo: the account card, then the application profile card and history (posts area). */
export default function MyInfoRoute() {
  return <MyInfoPage />;
}
