import { AdminPage } from '../features/moderation/AdminPage';
import NotFoundPage from './NotFoundPage';
import { useOperator } from './operator';

/** /admin: anyone but an operator sees the app's not-found page (nothing says the page exists). */
export default function AdminRoute() {
  const operator = useOperator();
  if (operator === false) return <NotFoundPage />;
  if (operator === undefined) return <p className="page py-24 text-center text-sm text-gray-500">불러오는 중…</p>;
  return <AdminPage />;
}
