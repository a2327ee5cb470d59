import { createBrowserRouter } from 'react-router';
import { RequireAuth } from '../shared/auth/RequireAuth';
import { Layout } from './Layout';
import { routes } from './routes';

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: routes.map(({ path, Page, auth }) => ({
      path,
      element: auth ? (
        <RequireAuth>
          <Page />
        </RequireAuth>
      ) : (
        <Page />
      ),
    })),
  },
]);
