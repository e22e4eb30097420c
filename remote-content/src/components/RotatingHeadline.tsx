import { useEffect, useState } from 'react';
import { useContent } from '../i18n';
import '../strings/home';
import { asArray, usePrefersReducedMotion } from './hooks';

export const ROTATION_MS = 2500;

/**
 * "The wish list for your <occasion>": the occasion changes every 2.5 s. Screen readers get one
 * static sentence naming every occasion (the moving part is aria-hidden, so nothing is announced
 * again and again); a button pauses the rotation (WCAG 2.2.2), and with reduced motion the word
 * changes without sliding.
 */
export function RotatingHeadline() {
  const { t } = useContent();
  const occasions = asArray<string>(t('home.headline.occasions', { returnObjects: true }));
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = occasions.length;

  useEffect(() => {
    if (paused || count < 2) return;
    const id = window.setInterval(() => setIndex((i) => (i + 1) % count), ROTATION_MS);
    return () => window.clearInterval(id);
  }, [paused, count]);

  return (
    <div className="content-headline">
      <h1 className="content-headline-title">
        <span className="content-visually-hidden">{t('home.headline.accessible')}</span>
        <span aria-hidden="true" className="content-headline-visual">
          <span className="content-headline-prefix">{t('home.headline.prefix')}</span>{' '}
          <span className={`content-rotator${reducedMotion ? ' content-rotator--still' : ''}`}>
            {occasions.map((occasion, i) => (
              <span
                key={occasion}
                className={`content-rotator-word${i === index % Math.max(count, 1) ? ' content-rotator-word--active' : ''}`}
                data-active={i === index % Math.max(count, 1) ? 'true' : undefined}
              >
                <span className="content-rotator-mark">{occasion}</span>
              </span>
            ))}
          </span>
        </span>
      </h1>
      <button
        type="button"
        className="content-rotator-toggle"
        onClick={() => setPaused((p) => !p)}
        title={paused ? t('home.headline.play') : t('home.headline.pause')}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="16" height="16">
          {paused ? <path d="M4 2.5v11l9-5.5Z" fill="currentColor" /> : <path d="M4 2.5h3v11H4zM9 2.5h3v11H9z" fill="currentColor" />}
        </svg>
        <span className="content-visually-hidden">{paused ? t('home.headline.play') : t('home.headline.pause')}</span>
      </button>
    </div>
  );
}
