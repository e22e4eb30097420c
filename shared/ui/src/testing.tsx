// Test-only helpers (never imported by production code, not exported from `src/index.ts`): import
// them as `@wishlist/ui/src/testing`. A fresh i18next instance with `common` (used by the UI kit)
// and the remote's namespace, the page inside a MemoryRouter with a location probe.
import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { commonEn, commonFr, type Language } from '@wishlist/i18n';

/** Adds a remote's namespace to an i18next instance (`registerAuth`, `registerLists`, …). */
export type RegisterNamespace = (instance: I18n) => void;

/**
 * i18next options that make a string missing in the rendering instance an error in tests: a
 * component's strings come with its module (a namespace added a section at a time), and
 * one that shows a section it does not import would show raw keys in a page that had not loaded it.
 */
export const failOnMissingKey = {
  saveMissing: true,
  missingKeyHandler: (_lngs: readonly string[], ns: string, key: string) => {
    throw new Error(`Missing translation "${ns}:${key}": import the section that holds it where it is used`);
  },
};

export async function createTestI18n(lang: Language, register: RegisterNamespace): Promise<I18n> {
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
    ...failOnMissingKey,
  });
  register(instance);
  return instance;
}

function LocationProbe() {
  const l = useLocation();
  return <div data-testid="location">{l.pathname + l.search}</div>;
}

export interface RenderPageOptions {
  lang?: Language;
  /** The location the page opens at. */
  path?: string;
  /** The route pattern(s) the page is mounted on; anything else renders "elsewhere". */
  route?: string | string[];
  /** Earlier entries of the router's history, before `path`. */
  history?: string[];
}

export async function renderPage(
  page: ReactElement,
  register: RegisterNamespace,
  { lang = 'en', path = '/', route = path, history }: RenderPageOptions = {},
) {
  const i18n = await createTestI18n(lang, register);
  const routes = Array.isArray(route) ? route : [route];
  const entries = history ? [...history, path] : [path];
  const result = render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <main>
          <Routes>
            {routes.map((r) => (
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
  return { ...result, i18n };
}

/** The page helpers bound to one remote's namespace. */
export function pageRenderer(register: RegisterNamespace) {
  return {
    createTestI18n: (lang: Language) => createTestI18n(lang, register),
    renderPage: (page: ReactElement, options?: RenderPageOptions) => renderPage(page, register, options),
  };
}

export const currentLocation = () => screen.getByTestId('location').textContent;

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
