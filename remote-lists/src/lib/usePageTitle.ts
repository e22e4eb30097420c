import { useEffect } from 'react';

/** Sets the document title as "{page} · {site}". */
export function usePageTitle(title: string | undefined, site: string) {
  useEffect(() => {
    if (title) document.title = `${title} · ${site}`;
  }, [title, site]);
}

/** Honours the user's reduced-motion preference. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
