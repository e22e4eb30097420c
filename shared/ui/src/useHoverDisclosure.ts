import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

/** How long the pointer may leave before a hover panel closes (crossing the gap to the panel). */
export const HOVER_CLOSE_DELAY_MS = 150;

/**
 * A header hover panel that also works without a mouse (SPEC §2 desktop header): a disclosure
 * button (aria-expanded, aria-controls) opening on hover, click, Enter or Space (a click on a panel
 * the hover just opened keeps it open; the next click closes it); Escape closes it
 * and returns focus to the button; moving focus or the pointer away closes it; `closeKey`
 * changing (the route's pathname: a followed link) closes it too.
 */
export function useHoverDisclosure({ closeKey, onOpen }: { closeKey?: unknown; onOpen?: () => void } = {}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Whether the panel is open because the pointer is over it (not because of a click or a key).
  // Read from a ref: a click right after the hover must see it even before React re-renders.
  const openedByHover = useRef(false);

  const show = (byHover: boolean) => {
    clearTimeout(closeTimer.current);
    if (!open && !openedByHover.current) onOpen?.();
    openedByHover.current = byHover;
    setOpen(true);
  };
  const hide = () => {
    openedByHover.current = false;
    setOpen(false);
  };

  useEffect(() => {
    openedByHover.current = false;
    setOpen(false);
  }, [closeKey]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const rootProps = {
    ref: root,
    onMouseEnter: () => {
      if (!open || openedByHover.current) show(true);
      else clearTimeout(closeTimer.current);
    },
    onMouseLeave: () => {
      closeTimer.current = setTimeout(hide, HOVER_CLOSE_DELAY_MS);
    },
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Escape' && open) {
        e.stopPropagation();
        hide();
        button.current?.focus();
      }
    },
    onBlur: (e: FocusEvent) => {
      if (!root.current?.contains(e.relatedTarget as Node | null)) hide();
    },
  };
  const buttonProps = {
    ref: button,
    type: 'button' as const,
    'aria-expanded': open,
    'aria-controls': id,
    // A click on a panel the hover just opened keeps it open (the pointer got there first);
    // otherwise it toggles.
    onClick: () => (openedByHover.current || !open ? show(false) : hide()),
  };
  return { open, id, rootProps, buttonProps };
}
