// Test helper: a fresh i18next instance with our namespace, and the page inside a MemoryRouter.
import '@testing-library/jest-dom';
import { render } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
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

/** One h1, and no heading level skipped (h2 -> h4) in document order. */
export function headingProblems(container: Element): string[] {
  const levels = Array.from(container.querySelectorAll('h1, h2, h3, h4, h5, h6')).map((h) => Number(h.tagName[1]));
  const problems: string[] = [];
  if (levels.filter((l) => l === 1).length !== 1) problems.push(`expected one h1, got ${levels.filter((l) => l === 1).length}`);
  if (levels[0] !== 1) problems.push('the first heading is not the h1');
  levels.forEach((l, i) => {
    if (i > 0 && l > levels[i - 1] + 1) problems.push(`h${levels[i - 1]} followed by h${l}`);
  });
  return problems;
}
