import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Notifications, useIsMobile } from '@wishlist/ui';
import { Footer } from './Footer';
import { LanguageSync } from './LanguageSync';
import { SplashScreen } from './SplashScreen';
import { SessionBootstrap } from '../session/SessionBootstrap';
import { ScrollManager, useHeaderHeight } from '../routing/ScrollManager';
import { trackInputModality } from './inputModality';
import { FirstViewSwap } from '../firstView/FirstViewSwap';
import { ShellHeaders, useHydrating } from './FirstViewHeaders';

// Not exported: a module whose exports are all components is its own Fast Refresh boundary, so
// an edit here re-renders the layout without re-running App.tsx.
const MAIN_ID = 'main-content';

/**
 * What every page sits in: the skip link, the header, the page and the footer. Shared by the app
 * (AppLayout) and the server-rendered first view (firstView/prerender.tsx), so the
 * snapshot and the app are the same markup.
 */
export function AppFrame({ header, children }: { header: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <>
      <a className="shell-skip-link" href={`#${MAIN_ID}`}>
        {t('a11y.skipToContent')}
      </a>
      {header}
      <main id={MAIN_ID} className="shell-main" tabIndex={-1}>
        <div className="shell-container">{children}</div>
      </main>
      <Footer />
    </>
  );
}

/**
 * The app's header: both while hydrating the server's first view (its markup has both: the first
 * render must be it), the one the viewport shows afterwards. A component of its own, so that
 * switching from both to one renders the header alone, not the whole layout.
 */
function LayoutHeaders() {
  const isMobile = useIsMobile();
  const hydrating = useHydrating();
  const headerRef = useHeaderHeight();
  return <ShellHeaders variant={hydrating ? 'both' : isMobile ? 'mobile' : 'desktop'} headerRef={headerRef} />;
}

export function AppLayout({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  useEffect(() => trackInputModality(), []);
  return (
    <div className="shell-app">
      <LanguageSync />
      <SessionBootstrap />
      <ScrollManager />
      <FirstViewSwap />
      <AppFrame header={<LayoutHeaders />}>
        {children}
      </AppFrame>
      <Notifications onNavigate={navigate} />
      <SplashScreen />
    </div>
  );
}
