import { useEffect } from 'react';

/** Sets the document title as "{page} · {site}". */
export function usePageTitle(title: string | undefined, site: string) {
  useEffect(() => {
    if (title) document.title = `${title} · ${site}`;
  }, [title, site]);
}

/** The query, made once (it follows the setting): every sortable card asks at each render, and a drag's start renders them all. */
let reducedMotion: MediaQueryList | null | undefined;

/** Honours the user's reduced-motion preference. */
export function prefersReducedMotion(): boolean {
  if (reducedMotion === undefined)
    reducedMotion = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
  return reducedMotion?.matches ?? false;
}
