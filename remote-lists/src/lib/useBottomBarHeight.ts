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
    let published = -1;
    const publish = () => {
      const height = Math.ceil(el.getBoundingClientRect().height);
      root.style.setProperty(BOTTOM_BAR_HEIGHT_VAR, `${height}px`);
      const grew = published >= 0 && height > published;
      published = height;
      if (grew) keepFocusClearOf(el);
    };
    // A ResizeObserver reports the bar's first size after the next layout: measuring it here, in
    // React's commit, would force a layout of the whole page being built (tens of milliseconds on
    // a phone, for a value the browser computes anyway before the frame).
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(publish) : null;
    if (observer) observer.observe(el);
    else publish();
    cleanup.current = () => {
      observer?.disconnect();
      root.style.removeProperty(BOTTOM_BAR_HEIGHT_VAR);
    };
  }, []);
}

/**
 * The bar grew (a card was selected and its actions appeared) after the browser had scrolled the
 * focused element into view with the old padding: bring it back into view above the bar, as the
 * keyboard user would otherwise lose it under the bar (End on the last card).
 */
function keepFocusClearOf(bar: HTMLElement): void {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || focused === document.body || bar.contains(focused)) return;
  const barTop = bar.getBoundingClientRect().top;
  const box = focused.getBoundingClientRect();
  if (box.bottom > barTop && box.top < barTop + bar.offsetHeight) focused.scrollIntoView({ block: 'nearest', behavior: 'instant' as ScrollBehavior });
}
