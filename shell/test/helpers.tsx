import '@testing-library/jest-dom';
import { Component, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { initI18n, setLanguage } from '@wishlist/i18n';
import { usePreferencesStore, useSessionStore } from '@wishlist/stores';
import { forgetRemoteComponents } from '../src/federation/remoteLoader';
import { registerRuntimeRemotes } from '../src/federation/runtimeConfig';
import { AppLayout } from '../src/layout/AppLayout';
import { AppRoutes } from '../src/routing/AppRoutes';
import { useRouteReady } from '../src/routing/routeReady';
import type { AppRoute } from '../src/routes';

export function LocationProbe() {
  const l = useLocation();
  return <output data-testid="location">{l.pathname + l.search}</output>;
}

export function renderApp(path: string, routes?: AppRoute[]) {
  // Remote components are kept per module across renders (remoteLoader.ts): each test starts anew.
  forgetRemoteComponents();
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

export const currentLocation = () => screen.getByTestId('location').textContent;

const REMOTE_ENTRIES = {
  remote_content: '/remotes/content/mf-manifest.json',
  remote_auth: '/remotes/auth/mf-manifest.json',
  remote_lists: '/remotes/lists/mf-manifest.json',
  remote_basket_offer: '/remotes/basket-offer/mf-manifest.json',
};

/**
 * The route tests' setup: i18n in English, the given remotes registered, and before each test a
 * clean slate (storage, stores, route readiness) with every remote module loading as a fake page.
 * The test file must mock the runtime itself (`jest.mock('@module-federation/enhanced/runtime', …)`).
 */
export function setUpRouteTests(remotes: Array<keyof typeof REMOTE_ENTRIES>) {
  const mockedLoad = loadRemote as jest.MockedFunction<typeof loadRemote>;
  beforeAll(() => {
    initI18n('en');
    registerRuntimeRemotes(remotes.map((name) => ({ name, entry: REMOTE_ENTRIES[name] })));
  });
  beforeEach(async () => {
    localStorage.clear();
    mockedLoad.mockReset();
    mockedLoad.mockImplementation(async (id: string) => fakeRemote(id) as never);
    useSessionStore.setState({ token: null, defaultListId: null });
    useRouteReady.setState({ ready: false });
    usePreferencesStore.setState({ language: null, authRedirection: null });
    await setLanguage('en');
  });
  return mockedLoad;
}

/** Catches a render error so that a test can look at what came before it. */
export class ErrorBoundaryForTest extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p role="alert">failed</p> : this.props.children;
  }
}
