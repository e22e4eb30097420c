// Test helper: a fresh i18next instance with our namespace (and `common`, used by the UI kit), the
// page inside a MemoryRouter with a location probe.
import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { commonEn, commonFr } from '@wishlist/i18n';
import { registerLists, type Lang } from '../i18n';

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
  registerLists(instance);
  return instance;
}

function LocationProbe() {
  const l = useLocation();
  return <div data-testid="location">{l.pathname + l.search}</div>;
}

export async function renderPage(
  page: ReactElement,
  { lang = 'en', path = '/', route = path }: { lang?: Lang; path?: string; route?: string | string[] } = {},
) {
  const i18n = await createTestI18n(lang);
  const routesList = Array.isArray(route) ? route : [route];
  const result = render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <main>
          <Routes>
            {routesList.map((r) => (
              <Route key={r} path={r} element={page} />
            ))}
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
        </main>
        <LocationProbe />
      </MemoryRouter>
    </I18nextProvider>,
  );
  // Lets already-settled mocked calls land inside act().
  await act(async () => {});
  await act(async () => {});
  return { ...result, i18n };
}

export const currentLocation = () => screen.getByTestId('location').textContent;
