import { useState } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router-dom';
import { RootLayout, type RouteHandle } from '@/components/layout/RootLayout';
import { paths } from '@/config/paths';
import { RequireAuth } from '@/features/auth/RequireAuth';
import { DashboardPage } from '@/features/dashboard/DashboardPage';
import { NotFoundPage } from '@/features/errors/NotFoundPage';
import { RouteErrorPage } from '@/features/errors/RouteErrorPage';

const errorElement = <RouteErrorPage />;

export const routes: RouteObject[] = [
  {
    path: paths.root,
    element: <RootLayout />,
    errorElement,
    children: [
      { index: true, element: <Navigate to={paths.dashboard} replace />, errorElement },
      {
        element: <RequireAuth />,
        errorElement,
        children: [
          {
            path: paths.dashboard,
            element: <DashboardPage />,
            errorElement,
            handle: { titleKey: 'dashboard.title' } satisfies RouteHandle,
          },
        ],
      },
      {
        path: '*',
        element: <NotFoundPage />,
        errorElement,
        handle: { titleKey: 'errors.notFound.title' } satisfies RouteHandle,
      },
    ],
  },
];

/**
 * The app's pages. Mounted only after keycloak-js has read (and removed) the sign-in answer
 * from the address, so the router starts from the clean one.
 */
export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
