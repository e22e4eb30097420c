import { useCallback, useRef } from 'react';

/** The CSS custom property the shell sizes its bottom scroll padding and notifications from. */
export const BOTTOM_BAR_HEIGHT_VAR = '--bottom-bar-height';

/**
 * A callback ref for a bar sticky (or fixed) at the bottom of the viewport: while it is mounted,
 * its height is published as `--bottom-bar-height` on <html>, so a focused or scrolled-to element
 * is never hidden under it (the shell's `scroll-padding-bottom`) and notifications sit above it
 * (docs/frontend-contract.md).
 */
export function useBottomBarHeight<E extends HTMLElement>(): (el: E | null) => void {
  const cleanup = useRef<(() => void) | null>(null);
  return useCallback((el: E | null) => {
    cleanup.current?.();
    cleanup.current = null;
    if (!el) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(BOTTOM_BAR_HEIGHT_VAR, `${Math.ceil(el.getBoundingClientRect().height)}px`);
    publish();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(publish) : null;
    observer?.observe(el);
    cleanup.current = () => {
      observer?.disconnect();
      root.style.removeProperty(BOTTOM_BAR_HEIGHT_VAR);
    };
  }, []);
}
