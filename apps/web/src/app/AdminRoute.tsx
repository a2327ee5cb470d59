import { AdminPage } from '../features/moderation/AdminPage';
import NotFoundPage from './NotFoundPage';

/** /admin: anyone but an operator sees the app's not-found page. */
export default function AdminRoute() {
  return <AdminPage notFound={<NotFoundPage />} />;
}
