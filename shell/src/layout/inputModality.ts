/**
 * Programmatic focus of a page's heading (so a screen reader announces where a navigation landed)
 * counts as `:focus-visible` in Chromium whenever the browser has not seen a pointer yet: on a
 * page opened from an e-mail, a reload, a tap that did not move focus. Mouse and touch users then
 * saw a heavy ring on the heading after navigations. The shell records how the person last
 * interacted (`<html data-input="keyboard" | "pointer">`); the stylesheet shows the ring of a
 * programmatically focused element (tabindex -1) only after keyboard use. Focus still moves for
 * everyone; interactive controls keep the browser's own :focus-visible.
 */
export type InputModality = 'keyboard' | 'pointer';

/** Keys that move focus or act: modifier keys alone (Shift+click, Ctrl+scroll) say nothing. */
const IGNORED_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock']);

export function trackInputModality(root: HTMLElement = document.documentElement): () => void {
  const set = (modality: InputModality) => {
    if (root.dataset.input !== modality) root.dataset.input = modality;
  };
  const onKey = (e: KeyboardEvent) => {
    if (!IGNORED_KEYS.has(e.key) && !e.metaKey && !e.ctrlKey && !e.altKey) set('keyboard');
  };
  const onPointer = () => set('pointer');
  const options = { capture: true, passive: true } as const;
  document.addEventListener('keydown', onKey, options);
  document.addEventListener('pointerdown', onPointer, options);
  document.addEventListener('mousedown', onPointer, options);
  document.addEventListener('touchstart', onPointer, options);
  return () => {
    document.removeEventListener('keydown', onKey, options);
    document.removeEventListener('pointerdown', onPointer, options);
    document.removeEventListener('mousedown', onPointer, options);
    document.removeEventListener('touchstart', onPointer, options);
  };
}
