// Standalone development app: in production the shell owns i18next and the router and loads the
// exposed pages; this only lets `rsbuild dev` / `rsbuild build` run the remote on its own.
import i18next from 'i18next';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { BrowserRouter, Link, Route, Routes, useLocation } from 'react-router-dom';
import { registerContent, toLang } from './i18n';
import './strings/all';
import AndroidHowToPage from './pages/AndroidHowToPage';
import HomePage from './pages/HomePage';
import HowToAddProductPage from './pages/HowToAddProductPage';
import HowToShareWishlistPage from './pages/HowToShareWishlistPage';
import HowToUseExtensionPage from './pages/HowToUseExtensionPage';
import NotFoundPage from './pages/NotFoundPage';
import PrivacyPolicyPage from './pages/PrivacyPolicyPage';
import { contentRoutes } from './routes';

const fromPath = () => {
  const first = window.location.pathname.split('/')[1];
  return first === 'en' || first === 'fr' ? first : toLang(navigator.language);
};

void i18next.use(initReactI18next).init({
  lng: fromPath(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'fr'],
  interpolation: { escapeValue: false },
  resources: {},
});
registerContent(i18next);

/** Keeps i18next's language in step with the path, like the shell does. */
function LanguageFromPath({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const first = pathname.split('/')[1];
  if ((first === 'en' || first === 'fr') && i18next.language !== first) void i18next.changeLanguage(first);
  document.documentElement.lang = i18next.language;
  return children;
}

const pages = [
  ['home', HomePage],
  ['privacy', PrivacyPolicyPage],
  ['addProduct', HowToAddProductPage],
  ['extension', HowToUseExtensionPage],
  ['share', HowToShareWishlistPage],
] as const;

function App() {
  return (
    <BrowserRouter>
      <LanguageFromPath>
        <nav aria-label="Standalone preview" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', padding: '0.5rem 1rem', fontSize: '0.875rem' }}>
          <Link to="/en">EN</Link>
          <Link to="/fr">FR</Link>
          <Link to="/how-to-use-android-app">Android</Link>
          <Link to="/not-found">404</Link>
        </nav>
        <main>
          <Routes>
            {pages.flatMap(([key, Page]) =>
              (['en', 'fr'] as const).map((lang) => <Route key={`${key}-${lang}`} path={contentRoutes[key][lang]} element={<Page />} />),
            )}
            <Route path="/how-to-use-android-app" element={<AndroidHowToPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </main>
      </LanguageFromPath>
    </BrowserRouter>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
