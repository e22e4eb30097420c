import { useEffect, useState } from 'react';

/** Sets the tab title while the page is shown, and gives the previous one back afterwards. */
export function useDocumentTitle(title: string, siteName = 'Wishlist'): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${siteName}`;
    return () => {
      document.title = previous;
    };
  }, [title, siteName]);
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

export function usePrefersReducedMotion(): boolean {
  const query = () =>
    typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null;
  const [reduced, setReduced] = useState(() => query()?.matches ?? false);
  useEffect(() => {
    const mql = query();
    if (!mql) return;
    const onChange = () => setReduced(mql.matches);
    mql.addEventListener?.('change', onChange);
    return () => mql.removeEventListener?.('change', onChange);
  }, []);
  return reduced;
}

/** Page sections from the translations (arrays and objects via `returnObjects`). */
export function asArray<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}
