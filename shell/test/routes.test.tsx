import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useSessionStore } from '@wishlist/stores';
import { SPLASH_MOTION_AT_MS, splashMotionDelay } from '../src/layout/SplashScreen';
import { routes } from '../src/routes';
import { currentLocation as location, renderApp, setUpRouteTests } from './helpers';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn() }));
setUpRouteTests(['remote_content']);

describe('route table (SPEC §2)', () => {
  it('redirects unknown paths to /not-found, rendered by remote_content/NotFoundPage', async () => {
    renderApp('/this/does/not/exist');
    expect(await screen.findByText('page:remote_content/NotFoundPage')).toBeInTheDocument();
    expect(location()).toBe('/not-found');
  });

  it.each([
    ['/en', 'remote_content/HomePage'],
    ['/fr', 'remote_content/HomePage'],
    ['/en/privacy-policy', 'remote_content/PrivacyPolicyPage'],
    ['/fr/politique-de-confidentialite', 'remote_content/PrivacyPolicyPage'],
    ['/en/how-to-add-product', 'remote_content/HowToAddProductPage'],
    ['/fr/comment-ajouter-un-produit', 'remote_content/HowToAddProductPage'],
    ['/en/how-to-use-extension', 'remote_content/HowToUseExtensionPage'],
    ['/fr/comment-utiliser-l-extension', 'remote_content/HowToUseExtensionPage'],
    ['/en/how-to-share-wishlist', 'remote_content/HowToShareWishlistPage'],
    ['/fr/comment-partager-sa-liste', 'remote_content/HowToShareWishlistPage'],
    ['/how-to-use-android-app', 'remote_content/AndroidHowToPage'],
  ])('%s renders %s', async (path, module) => {
    renderApp(path);
    expect(await screen.findByText(`page:${module}`)).toBeInTheDocument();
    expect(location()).toBe(path);
  });

  it('redirects a slug of the other language to the canonical one', async () => {
    renderApp('/fr/privacy-policy');
    expect(await screen.findByText('page:remote_content/PrivacyPolicyPage')).toBeInTheDocument();
    expect(location()).toBe('/fr/politique-de-confidentialite');
  });

  it('sends /de/... to not-found', async () => {
    renderApp('/de/privacy-policy');
    await waitFor(() => expect(location()).toBe('/not-found'));
  });

  it('sets the language and <html lang> from the path', async () => {
    renderApp('/fr/comment-partager-sa-liste');
    await screen.findByText('page:remote_content/HowToShareWishlistPage');
    await waitFor(() => expect(document.documentElement.lang).toBe('fr'));
    expect(screen.getByRole('link', { name: 'Politique de confidentialité' })).toHaveAttribute(
      'href',
      '/fr/politique-de-confidentialite',
    );
  });

  it('lists every content slug once per language', () => {
    const paths = routes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(expect.arrayContaining(['/', '/server-error', '/not-found', '/en', '/fr']));
  });
});

describe('layout', () => {
  it('has landmarks, a skip link and the sign-in link when signed out', async () => {
    renderApp('/en');
    await screen.findByText('page:remote_content/HomePage');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/authenticate');
    expect(screen.getByRole('link', { name: /Wishlist/ })).toHaveAttribute('href', '/');
  });

  it('hides the splash once the first route is ready', async () => {
    jest.useFakeTimers();
    try {
      renderApp('/en');
      expect(screen.getByTestId('splash')).toBeInTheDocument();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1000);
      });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(300);
      });
      expect(screen.queryByTestId('splash')).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it("starts the splash bar's motion one second after the page's start, whenever the splash appears", () => {
    expect(splashMotionDelay(0)).toBe(SPLASH_MOTION_AT_MS);
    expect(splashMotionDelay(650.4)).toBe(350);
    expect(splashMotionDelay(SPLASH_MOTION_AT_MS)).toBe(0);
    expect(splashMotionDelay(4000)).toBe(0);
    const now = jest.spyOn(performance, 'now').mockReturnValue(700);
    try {
      renderApp('/en');
      expect(screen.getByTestId('splash').style.getPropertyValue('--splash-motion-delay')).toBe('300ms');
    } finally {
      now.mockRestore();
    }
  });
});

describe('footer language switch', () => {
  it('maps a content page to its slug in the other language', async () => {
    renderApp('/en/privacy-policy');
    await screen.findByText('page:remote_content/PrivacyPolicyPage');
    fireEvent.click(screen.getByRole('button', { name: 'Français' }));
    await waitFor(() => expect(location()).toBe('/fr/politique-de-confidentialite'));
    await waitFor(() => expect(document.documentElement.lang).toBe('fr'));
    expect(screen.getByRole('button', { name: 'Français' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(location()).toBe('/en/privacy-policy'));
  });

  it('keeps a non-prefixed path and stores the preference', async () => {
    renderApp('/how-to-use-android-app');
    await screen.findByText('page:remote_content/AndroidHowToPage');
    fireEvent.click(screen.getByRole('button', { name: 'Français' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('fr'));
    expect(location()).toBe('/how-to-use-android-app');
    expect(JSON.parse(localStorage.getItem('language')!)).toBe('fr');
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeInTheDocument();
  });
});

describe('login guard scaffolding', () => {
  const guarded = [...routes, { path: '/product-lists', remote: 'remote_lists/ProductListsPage' as const, loginRequired: true }];

  it('sends a signed-out visitor to /authenticate/mandatory and remembers the wanted path', async () => {
    renderApp('/product-lists?x=1', guarded);
    expect(await screen.findByText('page:remote_auth/AuthenticatePage')).toBeInTheDocument();
    expect(location()).toBe('/authenticate/mandatory');
    expect(JSON.parse(localStorage.getItem('auth-redirection')!)).toBe('/product-lists?x=1');
  });

  it('uses the route reason', async () => {
    renderApp('/delete-account', guarded);
    await waitFor(() => expect(location()).toBe('/authenticate/account-deletion'));
  });

  it('lets a session with a default list through', async () => {
    useSessionStore.setState({ defaultListId: 'L1' });
    renderApp('/product-lists', guarded);
    expect(await screen.findByText('page:remote_lists/ProductListsPage')).toBeInTheDocument();
  });
});
