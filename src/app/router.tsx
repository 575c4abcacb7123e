import { useState, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router-dom';
import type { RootState } from '@/app/store';
import { ErrorLayout } from '@/shell/ErrorLayout';
import { RootLayout } from '@/shell/RootLayout';
import { ShellLayout } from '@/shell/ShellLayout';
import { FullScreenLoader } from '@/components/ui/FullScreenLoader';
import { paths } from '@/config/paths';
import { RequireAuth } from '@/session/RequireAuth';
import { RequireRole } from '@/session/RequireRole';
import { NotFoundPage } from '@/features/errors/NotFoundPage';
import { RouteErrorPage } from '@/features/errors/RouteErrorPage';
import { ServerErrorPage } from '@/features/errors/ServerErrorPage';
import { resolveCustomerTitle } from '@/features/kyc/customers/customerTitle';
import { resolvePartnerTitle } from '@/features/partners/partnerTitle';
import type { RouteHandle } from '@/lib/breadcrumbs';
import { KYC_ROLES, ROLES, STAFF_ROLES } from '@/lib/roles';

type Handle = RouteHandle<RootState>;

// Pages show an error inside the shell; routes outside it (root, guards, layouts) bring the
// error layout along.
const pageError = <RouteErrorPage />;
const frameError = <RouteErrorPage standalone />;

/**
 * A page in a chunk of its own, loaded when first visited (issue 16): the router waits for it
 * with the progress bar (RouteProgress), or index.html's loader at start-up. Slots are filled
 * here, once both pieces have loaded.
 */
const page = (load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: await load() }),
});

/** A section whose screens come with a later issue: its route, title and an honest notice. */
const notYet = (path: string, titleKey: Handle['titleKey']): RouteObject => ({
  path,
  ...page(async () => (await import('@/features/pages/NotAvailablePage')).NotAvailablePage),
  errorElement: pageError,
  handle: { titleKey } satisfies Handle,
});

export const routes: RouteObject[] = [
  {
    path: paths.root,
    element: <RootLayout />,
    errorElement: frameError,
    // While the first page's chunk loads (later pages show the progress bar instead).
    HydrateFallback: FullScreenLoader,
    children: [
      { index: true, element: <Navigate to={paths.dashboard} replace />, errorElement: frameError },
      {
        path: paths.partnerCreate,
        element: <Navigate to={paths.partnersNew} replace />,
        errorElement: frameError,
      },
      {
        // The public self-service page (issue 19): outside the guards and the shell, it loads
        // no signed-in state. What is missing is listed as the signed-in summary lists it.
        path: paths.kycSelfServiceLink,
        ...page(async () => {
          const [{ SelfServicePage }, { KycReadinessList }] = await Promise.all([
            import('@/features/selfservice/SelfServicePage'),
            import('@/features/kyc/submissions/KycReadinessList'),
          ]);
          return () => <SelfServicePage MissingList={KycReadinessList} />;
        }),
        errorElement: frameError,
        handle: { titleKey: 'selfService.title' } satisfies Handle,
      },
      {
        // Signed-in pages, in the vertical or horizontal layout (layout settings).
        element: <RequireAuth />,
        errorElement: frameError,
        children: [
          {
            element: <ShellLayout />,
            errorElement: frameError,
            children: [
              {
                path: paths.dashboard,
                ...page(async () => {
                  const [{ DashboardPage }, { kycCompanyCard }, { ordersDashboardCard }] =
                    await Promise.all([
                      import('@/features/dashboard/DashboardPage'),
                      import('@/features/kyc/submissions/KycCompanyCard'),
                      import('@/features/orders/ordersCardSlot'),
                    ]);
                  const companyCards = [kycCompanyCard];
                  const cards = [ordersDashboardCard];
                  return () => <DashboardPage companyCards={companyCards} cards={cards} />;
                }),
                errorElement: pageError,
                handle: { titleKey: 'dashboard.title' } satisfies Handle,
              },
              {
                // Issue 20: staff see every order, partner people their companies'.
                path: paths.orders,
                element: <RequireRole roles={ROLES} />,
                errorElement: pageError,
                handle: { titleKey: 'pages.orders' } satisfies Handle,
                children: [
                  {
                    index: true,
                    ...page(
                      async () => (await import('@/features/orders/OrdersListPage')).OrdersListPage,
                    ),
                    errorElement: pageError,
                  },
                  {
                    // Orders are made by staff, from a partner (?partner={uuid}).
                    element: <RequireRole roles={STAFF_ROLES} />,
                    errorElement: pageError,
                    children: [
                      {
                        path: paths.orderNew,
                        ...page(
                          async () =>
                            (await import('@/features/orders/OrderFormPage')).OrderNewPage,
                        ),
                        errorElement: pageError,
                        handle: { titleKey: 'orders.form.newTitle' } satisfies Handle,
                      },
                    ],
                  },
                  {
                    // Anyone who may not change the order is shown it instead.
                    path: paths.orderModify,
                    ...page(
                      async () => (await import('@/features/orders/OrderFormPage')).OrderModifyPage,
                    ),
                    errorElement: pageError,
                    // 'Edit ORD-…' once the order is loaded (the page registers it).
                    handle: { titleKey: 'orders.form.editCrumb' } satisfies Handle,
                  },
                  {
                    path: paths.orderDetail,
                    ...page(async () => {
                      const [{ OrderDetailPage }, { orderShipmentsSection }] = await Promise.all([
                        import('@/features/orders/OrderDetailPage'),
                        import('@/features/shipments/OrderShipments'),
                      ]);
                      const sections = [orderShipmentsSection];
                      return () => <OrderDetailPage sections={sections} />;
                    }),
                    errorElement: pageError,
                    // The order's number once it is loaded (the page registers it).
                    handle: { titleKey: 'orders.detail.title' } satisfies Handle,
                  },
                ],
              },
              {
                // Issue 21: shipments, in the trail as 'Orders / ORD-… / SHP-…' (the pages
                // register the order's crumbs). Partner people see their companies'.
                element: <RequireRole roles={ROLES} />,
                errorElement: pageError,
                children: [
                  {
                    // Shipments are planned by staff, from an order (?order={uuid}).
                    element: <RequireRole roles={STAFF_ROLES} />,
                    errorElement: pageError,
                    children: [
                      {
                        path: paths.shipmentNew,
                        ...page(
                          async () =>
                            (await import('@/features/shipments/ShipmentFormPage')).ShipmentNewPage,
                        ),
                        errorElement: pageError,
                        handle: { titleKey: 'shipments.form.newTitle' } satisfies Handle,
                      },
                    ],
                  },
                  {
                    // Anyone who may not change the shipment is shown it instead.
                    path: paths.shipmentModify,
                    ...page(
                      async () =>
                        (await import('@/features/shipments/ShipmentFormPage')).ShipmentModifyPage,
                    ),
                    errorElement: pageError,
                    handle: { titleKey: 'shipments.form.editCrumb' } satisfies Handle,
                  },
                  {
                    path: paths.shipmentDetail,
                    ...page(
                      async () =>
                        (await import('@/features/shipments/ShipmentDetailPage'))
                          .ShipmentDetailPage,
                    ),
                    errorElement: pageError,
                    // The shipment's number once it is loaded (the page registers it).
                    handle: { titleKey: 'shipments.detail.title' } satisfies Handle,
                  },
                ],
              },
              {
                // Any signed-in user with a role: staff see every partner, others their own.
                path: paths.partners,
                element: <RequireRole roles={ROLES} />,
                errorElement: pageError,
                handle: { titleKey: 'pages.tradePartners' } satisfies Handle,
                children: [
                  {
                    index: true,
                    ...page(
                      async () =>
                        (await import('@/features/partners/PartnersListPage')).PartnersListPage,
                    ),
                    errorElement: pageError,
                  },
                  {
                    element: <RequireRole roles={STAFF_ROLES} />,
                    errorElement: pageError,
                    children: [
                      {
                        path: paths.partnersNew,
                        ...page(
                          async () =>
                            (await import('@/features/partners/PartnerNewPage')).PartnerNewPage,
                        ),
                        errorElement: pageError,
                        handle: { titleKey: 'pages.newTradePartner' } satisfies Handle,
                      },
                    ],
                  },
                  {
                    path: paths.partnerDetail,
                    ...page(async () => {
                      const [{ PartnerDetailPage }, { partnerKycTab }, { partnerOrdersTab }] =
                        await Promise.all([
                          import('@/features/partners/PartnerDetailPage'),
                          import('@/features/kyc/submissions/PartnerKycTab'),
                          import('@/features/orders/PartnerOrdersTab'),
                        ]);
                      const extraTabs = [partnerKycTab, partnerOrdersTab];
                      return () => <PartnerDetailPage extraTabs={extraTabs} />;
                    }),
                    errorElement: pageError,
                    // 'Trade Partners' → the partner's name once it is loaded.
                    handle: {
                      titleKey: 'partners.detail.title',
                      resolveTitle: resolvePartnerTitle,
                    } satisfies Handle,
                  },
                ],
              },
              {
                // SPEC section 6: KYC access. Staff see every file, partner people their own.
                path: paths.kyc,
                element: <RequireRole roles={KYC_ROLES} />,
                errorElement: pageError,
                // 'KYC' for partner people filling in their own file, 'KYC Reviews' for staff.
                handle: {
                  titleKey: 'pages.kyc',
                  staffTitleKey: 'pages.kycReviews',
                } satisfies Handle,
                children: [
                  {
                    index: true,
                    ...page(
                      async () =>
                        (await import('@/features/kyc/submissions/KycListPage')).KycListPage,
                    ),
                    errorElement: pageError,
                  },
                  {
                    // Staff: each company with its latest file (decision 031).
                    element: <RequireRole roles={STAFF_ROLES} />,
                    errorElement: pageError,
                    children: [
                      {
                        path: paths.kycCustomers,
                        errorElement: pageError,
                        handle: { titleKey: 'kycCustomers.title' } satisfies Handle,
                        children: [
                          {
                            index: true,
                            ...page(
                              async () =>
                                (await import('@/features/kyc/customers/KycCustomersPage'))
                                  .KycCustomersPage,
                            ),
                            errorElement: pageError,
                          },
                          {
                            path: paths.kycCustomer,
                            ...page(
                              async () =>
                                (await import('@/features/kyc/customers/KycCustomerPage'))
                                  .KycCustomerPage,
                            ),
                            errorElement: pageError,
                            // 'Customer' → the company's name once it is loaded.
                            handle: {
                              titleKey: 'kycCustomers.detailTitle',
                              resolveTitle: resolveCustomerTitle,
                            } satisfies Handle,
                          },
                        ],
                      },
                    ],
                  },
                  {
                    path: paths.kycDetail,
                    ...page(
                      async () => (await import('@/features/kyc/KycDetailPage')).KycDetailPage,
                    ),
                    errorElement: pageError,
                    // 'KYC #{id}' (the :kycId of the address).
                    handle: { titleKey: 'kyc.detail.title' } satisfies Handle,
                  },
                ],
              },
              {
                element: <RequireRole roles={STAFF_ROLES} />,
                errorElement: pageError,
                children: [notYet(paths.passport, 'pages.passport')],
              },
              {
                element: <RequireRole roles={['OWNER', 'CONTACT']} />,
                errorElement: pageError,
                children: [
                  {
                    path: paths.documentsUpload,
                    ...page(
                      async () =>
                        (await import('@/features/document-upload/DocumentUploadPage'))
                          .DocumentUploadPage,
                    ),
                    errorElement: pageError,
                    handle: { titleKey: 'pages.documentUpload' } satisfies Handle,
                  },
                ],
              },
              {
                path: paths.settings,
                errorElement: pageError,
                handle: { titleKey: 'pages.settings' } satisfies Handle,
                children: [
                  {
                    index: true,
                    ...page(
                      async () => (await import('@/features/settings/SettingsPage')).SettingsPage,
                    ),
                    errorElement: pageError,
                  },
                  {
                    path: paths.settingsBasicInfo,
                    ...page(
                      async () => (await import('@/features/settings/BasicInfoPage')).BasicInfoPage,
                    ),
                    errorElement: pageError,
                    handle: { titleKey: 'settings.basicInfo.title' } satisfies Handle,
                  },
                  {
                    path: paths.settingsCompanyInfo,
                    ...page(
                      async () =>
                        (await import('@/features/settings/CompanyInfoPage')).CompanyInfoPage,
                    ),
                    errorElement: pageError,
                    handle: { titleKey: 'settings.companyInfo.title' } satisfies Handle,
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        // Error pages: one centred card, no menu.
        element: <ErrorLayout />,
        errorElement: frameError,
        children: [
          {
            path: paths.errors.notFound,
            element: <NotFoundPage />,
            errorElement: frameError,
            handle: { titleKey: 'errors.notFound.title' } satisfies Handle,
          },
          {
            path: paths.errors.accessDenied,
            ...page(
              async () => (await import('@/features/errors/AccessDeniedPage')).AccessDeniedPage,
            ),
            errorElement: frameError,
            handle: { titleKey: 'errors.accessDenied.title' } satisfies Handle,
          },
          {
            path: paths.errors.serverError,
            element: <ServerErrorPage />,
            errorElement: frameError,
            handle: { titleKey: 'errors.serverError.title' } satisfies Handle,
          },
          {
            path: '*',
            element: <NotFoundPage />,
            errorElement: frameError,
            handle: { titleKey: 'errors.notFound.title' } satisfies Handle,
          },
        ],
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
