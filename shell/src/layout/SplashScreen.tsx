import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteReady } from '../routing/routeReady';
import { Logo } from './Logo';
import { hasFirstView } from '../firstView/swap';

/** Failsafe: the splash never stays longer than this, whatever the first route does. */
export const SPLASH_MAX_MS = 8000;

/** Covers the page until the first route is ready (SPEC §2), then fades out. */
export function SplashScreen() {
  const { t } = useTranslation('common');
  const ready = useRouteReady((s) => s.ready);
  const markReady = useRouteReady((s) => s.markReady);
  // The server's snapshot of the page is on screen: nothing to cover.
  const [gone, setGone] = useState(() => typeof document !== 'undefined' && hasFirstView());

  useEffect(() => {
    const failsafe = setTimeout(markReady, SPLASH_MAX_MS);
    return () => clearTimeout(failsafe);
  }, [markReady]);

  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => setGone(true), 250);
    return () => clearTimeout(timer);
  }, [ready]);

  if (gone) return null;
  return (
    <div
      className={`shell-splash${ready ? ' shell-splash--leaving' : ''}`}
      role="status"
      aria-live="polite"
      aria-hidden={ready || undefined}
      data-testid="splash"
    >
      <Logo />
      <span className="shell-splash__name">{t('app.name')}</span>
      <span className="shell-splash__bar" aria-hidden="true" />
      <span className="ui-visually-hidden">{t('splash.loading')}</span>
    </div>
  );
}
