import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Notifications, useIsMobile } from '@wishlist/ui';
import { DesktopHeader } from './DesktopHeader';
import { MobileHeader } from './MobileHeader';
import { Footer } from './Footer';
import { LanguageSync } from './LanguageSync';
import { SplashScreen } from './SplashScreen';
import { SessionBootstrap } from '../session/SessionBootstrap';
import { ScrollManager, useHeaderHeight } from '../routing/ScrollManager';
import { trackInputModality } from './inputModality';

export const MAIN_ID = 'main-content';

export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const headerRef = useHeaderHeight();
  useEffect(() => trackInputModality(), []);
  return (
    <div className="shell-app">
      <LanguageSync />
      <SessionBootstrap />
      <ScrollManager />
      <a className="shell-skip-link" href={`#${MAIN_ID}`}>
        {t('a11y.skipToContent')}
      </a>
      <header ref={headerRef} className="shell-header">{isMobile ? <MobileHeader /> : <DesktopHeader />}</header>
      <main id={MAIN_ID} className="shell-main" tabIndex={-1}>
        <div className="shell-container">{children}</div>
      </main>
      <Footer />
      <Notifications onNavigate={navigate} />
      <SplashScreen />
    </div>
  );
}
