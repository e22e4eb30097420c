import '@testing-library/jest-dom';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppLayout } from '../src/layout/AppLayout';
import { AppRoutes } from '../src/routing/AppRoutes';
import type { AppRoute } from '../src/routes';

export function LocationProbe() {
  const l = useLocation();
  return <output data-testid="location">{l.pathname + l.search}</output>;
}

export function renderApp(path: string, routes?: AppRoute[]) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppLayout>
        <AppRoutes routes={routes} />
      </AppLayout>
      <LocationProbe />
    </MemoryRouter>,
  );
}

/** A fake remote page module: its text names the exposed module. */
export function fakeRemote(id: string) {
  const Page = () => <h1>{`page:${id}`}</h1>;
  return { default: Page };
}
