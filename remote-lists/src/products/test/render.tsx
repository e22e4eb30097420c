// Test helpers: a fresh i18next instance with our namespace (and `common`), the page inside a
// MemoryRouter with a location probe, the notifications store reset.
import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { commonEn, commonFr } from '@wishlist/i18n';
import { useNotificationsStore } from '@wishlist/stores';
import { registerProducts, type Lang } from '../i18n';

export async function createTestI18n(lang: Lang): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    supportedLngs: ['en', 'fr'],
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
    resources: { en: { common: commonEn }, fr: { common: commonFr } },
  });
  registerProducts(instance);
  return instance;
}

function LocationProbe() {
  const l = useLocation();
  return <div data-testid="location">{l.pathname + l.search}</div>;
}

export async function renderPage(
  page: ReactElement,
  { lang = 'en', path = '/', route = path, history }: { lang?: Lang; path?: string; route?: string; history?: string[] } = {},
) {
  const i18n = await createTestI18n(lang);
  const entries = history ? [...history, path] : [path];
  const result = render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <main>
          <Routes>
            <Route path={route} element={page} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
        </main>
        <LocationProbe />
      </MemoryRouter>
    </I18nextProvider>,
  );
  await act(async () => {});
  return { ...result, i18n };
}

export const currentLocation = () => screen.getByTestId('location').textContent;

export const notifications = () => useNotificationsStore.getState().items.map((n) => ({ type: n.type, message: n.message }));

export function resetNotifications() {
  useNotificationsStore.setState({ items: [] });
}

/** Sets the viewport to mobile (<= 640 px) or desktop for `useIsMobile()`. */
export function setMobile(mobile: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: mobile && query.includes('max-width'),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
