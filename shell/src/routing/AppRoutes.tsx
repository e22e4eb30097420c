import { Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { RemotePage, PageLoading } from '../federation/RemotePage';
import { NOT_FOUND_PATH, routes as defaultRoutes, type AppRoute } from '../routes';
import { ContentRoute } from './ContentRoute';
import { RequireLogin } from './RequireLogin';
import { useRouteReady } from './routeReady';

function ShellPage({ page: Page }: { page: ComponentType }) {
  const markReady = useRouteReady((s) => s.markReady);
  useEffect(markReady, [markReady]);
  return <Page />;
}

function elementFor(route: AppRoute): ReactNode {
  let element: ReactNode = null;
  if (route.remote) {
    element = route.content ? <ContentRoute module={route.remote} /> : <RemotePage module={route.remote} />;
  } else if (route.page) {
    element = (
      <Suspense fallback={<PageLoading />}>
        <ShellPage page={route.page} />
      </Suspense>
    );
  }
  if (route.loginRequired) {
    const reason = route.loginRequired === true ? 'mandatory' : route.loginRequired;
    element = <RequireLogin reason={reason}>{element}</RequireLogin>;
  }
  return element;
}

export function AppRoutes({ routes = defaultRoutes }: { routes?: AppRoute[] }) {
  return (
    <Routes>
      {routes.map((r) => (
        <Route key={r.path} path={r.path} element={elementFor(r)} />
      ))}
      <Route path="*" element={<Navigate to={NOT_FOUND_PATH} replace />} />
    </Routes>
  );
}
