// Dev-only: a remote's standalone preview (`rsbuild dev` on the remote's own port). In the product
// the shell renders the pages; here a minimal router, a nav of sample links and the notifications
// are enough to click through. Imported by path (`@wishlist/ui/src/standalone`), never from the
// package entry, so react-dom/client stays out of the shared UI kit singleton.
import { StrictMode, type ReactElement, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes, useNavigate } from 'react-router-dom';
import { detectLanguage, initI18n } from '@wishlist/i18n';
import { Notifications } from '@wishlist/ui';

export interface StandalonePreview {
  /** Sample links shown in the preview nav: [path, label]. */
  links: Array<[string, string]>;
  /** Widgets shown after the links (header widgets, sample actions). */
  widgets?: ReactNode;
  /** [route path, page]; the first page also answers unknown paths. */
  routes: Array<[string, ReactElement]>;
}

/**
 * The pages the shell (or another remote) owns that a remote's pages send people to. Without them
 * a page that sends its visitor to /server-error when the API is down would land on itself again,
 * load again, and loop. Developer-facing (the preview nav is too): English only.
 */
const SHELL_PAGES: Array<[string, string, string]> = [
  [
    '/server-error',
    'The API did not answer',
    'In the product this is the shell\'s error page. The preview sends /api to WISHLIST_GATEWAY_URL (default http://localhost:8080): start the rest of the product with npm start, or run this remote inside it with npm run dev -- <this remote>.',
  ],
  [
    '/authenticate/*',
    'Sign-in page (remote-auth)',
    'Signing in belongs to remote-auth. To work signed in, run this remote inside the product: npm run dev -- <this remote>, then sign in at http://localhost:8080.',
  ],
  ['/not-found', 'Not found', 'In the product this is remote-content\'s not-found page.'],
];

function ShellPage({ title, text }: { title: string; text: string }) {
  return (
    <section aria-labelledby="standalone-shell-page">
      <h1 id="standalone-shell-page">{title}</h1>
      <p>{text}</p>
      <p>
        <Link to="/">Back to the preview</Link>
      </p>
    </section>
  );
}

function Preview({ links, widgets, routes }: StandalonePreview) {
  const navigate = useNavigate();
  return (
    <>
      <nav
        aria-label="Standalone preview"
        style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', padding: '0.5rem 1rem', fontSize: '0.875rem', alignItems: 'center' }}
      >
        {links.map(([to, label]) => (
          <Link key={to} to={to}>
            {label}
          </Link>
        ))}
        {widgets}
      </nav>
      <main style={{ maxWidth: '64rem', margin: '0 auto', padding: '1rem' }}>
        <Routes>
          {routes.map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
          {SHELL_PAGES.map(([path, title, text]) => (
            <Route key={path} path={path} element={<ShellPage title={title} text={text} />} />
          ))}
          <Route path="*" element={routes[0][1]} />
        </Routes>
      </main>
      <Notifications onNavigate={navigate} />
    </>
  );
}

/** Starts i18n from the address and renders the preview into #root. */
export function mountStandalone(preview: StandalonePreview): void {
  initI18n(detectLanguage(location.pathname));
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <Preview {...preview} />
      </BrowserRouter>
    </StrictMode>,
  );
}
