import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteReady } from '../routing/routeReady';
import { Logo } from './Logo';
import { hasFirstView } from '../firstView/swap';

/** Failsafe: the splash never stays longer than this, whatever the first route does. */
export const SPLASH_MAX_MS = 8000;

/**
 * When the splash's bar starts moving, from the page's start (index.html's boot splash waits as
 * long): a wait shorter than a second is not felt as one, and a start over by then never runs an
 * animation's frames; a longer one shows motion from that moment on, whichever splash is up.
 */
export const SPLASH_MOTION_AT_MS = 1000;

/** What is left of the still second at this moment (0 once it is over). */
export function splashMotionDelay(now: number = typeof performance === 'undefined' ? SPLASH_MOTION_AT_MS : performance.now()): number {
  return Math.max(0, Math.round(SPLASH_MOTION_AT_MS - now));
}

/** Covers the page until the first route is ready (SPEC §2), then fades out. */
export function SplashScreen() {
  const { t } = useTranslation('common');
  const ready = useRouteReady((s) => s.ready);
  const markReady = useRouteReady((s) => s.markReady);
  // The server's snapshot of the page is on screen: nothing to cover.
  const [gone, setGone] = useState(() => typeof document !== 'undefined' && hasFirstView());
  const [motion] = useState(() => ({ '--splash-motion-delay': `${splashMotionDelay()}ms` }) as CSSProperties);

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
      style={motion}
    >
      <Logo />
      <span className="shell-splash__name">{t('app.name')}</span>
      <span className="shell-splash__bar" aria-hidden="true" />
      <span className="ui-visually-hidden">{t('splash.loading')}</span>
    </div>
  );
}
