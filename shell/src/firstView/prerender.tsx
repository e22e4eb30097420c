// "Snapshot then swap": the shell's layout around a first view (header, footer, the page
// slot), rendered at build time with the SAME components as the app, signed out, in each language
// (scripts/build-first-view.mjs writes dist/first-view/layout.{see,home}.{en,fr}.html). The gateway
// puts a page's snapshot in place of PAGE_SLOT.
//
// The app picks its header by viewport width in JavaScript (useIsMobile); HTML cannot, so both are
// rendered (FirstViewHeaders) and the gateway's style shows one by the same media query; the app
// renders both too while it hydrates this markup. Header widgets of remotes
// (basket, account) render as the app renders them before they load: nothing.
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import { initI18n, setLanguage, type Language } from '@wishlist/i18n';
import { AppFrame } from '../layout/AppLayout';
import { FirstViewHeaders } from '../layout/FirstViewHeaders';

export { HEADER_VARIANT_ATTRIBUTE } from '../layout/FirstViewHeaders';

/** Where the page's markup goes in a prerendered layout. */
export const PAGE_SLOT = '<!--wishlist-first-view-page-->';
const SLOT_TEXT = '\u0001first-view-page\u0001';

/** The first views that have a snapshot, and a path of each (the mobile tabs depend on it). */
export const LAYOUT_KINDS = { see: (_lang: Language) => '/see/first-view', home: (lang: Language) => `/${lang}` } as const;
export type LayoutKind = keyof typeof LAYOUT_KINDS;

export async function renderLayout(kind: LayoutKind, lang: Language): Promise<string> {
  const i18n = initI18n(lang);
  await setLanguage(lang);
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[LAYOUT_KINDS[kind](lang)]}>
        <div className="shell-app">
          <AppFrame
            header={<FirstViewHeaders />}
          >
            {SLOT_TEXT}
          </AppFrame>
        </div>
      </MemoryRouter>
    </I18nextProvider>,
  );
  if (!html.includes(SLOT_TEXT)) throw new Error('the page slot is missing from the layout');
  return html.replace(SLOT_TEXT, PAGE_SLOT);
}
