// Test helper: a fresh i18next instance with our namespace, and the page inside a MemoryRouter.
import '@testing-library/jest-dom';
import { render } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { failOnMissingKey } from '@wishlist/ui/src/testing';
import { registerContent, type Lang } from '../i18n';

export async function createTestI18n(lang: Lang): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    supportedLngs: ['en', 'fr'],
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
    resources: {},
    ...failOnMissingKey,
  });
  registerContent(instance);
  return instance;
}

export async function renderPage(page: ReactElement, { lang = 'en', path = '/' }: { lang?: Lang; path?: string } = {}) {
  const i18n = await createTestI18n(lang);
  const result = render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <main>{page}</main>
      </MemoryRouter>
    </I18nextProvider>,
  );
  return { ...result, i18n };
}

export { headingProblems } from '@wishlist/ui/src/testing';
