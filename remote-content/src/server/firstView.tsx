// "Snapshot then swap": the home page (`/en`, `/fr`) as HTML, rendered at build time with
// the SAME component the remote exposes (scripts/build-first-view.mjs writes
// dist/first-view/home.{en,fr}.html). The gateway places it in the page it serves, so the hero is
// painted before any script; the app then renders the page itself and the shell swaps them.
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createI18nInstance, type Language } from '@wishlist/i18n';
import HomePage from '../pages/HomePage';
import { NS } from '../i18n';
import { resources } from '../locales';
import { contentPath } from '../routes';

/** An i18next instance for `language` with the resources the app uses (common + content). */
export const i18nFor = (language: Language): I18n => createI18nInstance(language, NS, resources);

/** The home page's markup in `language`, as the exposed HomePage renders it on its first frame. */
export function renderHome(language: Language): string {
  return renderToString(
    <I18nextProvider i18n={i18nFor(language)}>
      <MemoryRouter initialEntries={[contentPath('home', language)]}>
        <HomePage />
      </MemoryRouter>
    </I18nextProvider>,
  );
}
