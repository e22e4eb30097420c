import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

/** How long the pointer may leave before a hover panel closes (crossing the gap to the panel). */
export const HOVER_CLOSE_DELAY_MS = 150;

/**
 * A header hover panel that also works without a mouse (SPEC §2 desktop header): a disclosure
 * button (aria-expanded, aria-controls) opening on hover, click, Enter or Space; Escape closes it
 * and returns focus to the button; moving focus or the pointer away closes it; `closeKey`
 * changing (the route's pathname: a followed link) closes it too.
 */
export function useHoverDisclosure({ closeKey, onOpen }: { closeKey?: unknown; onOpen?: () => void } = {}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = () => {
    clearTimeout(closeTimer.current);
    if (!open) onOpen?.();
    setOpen(true);
  };
  const hide = () => setOpen(false);

  useEffect(() => setOpen(false), [closeKey]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const rootProps = {
    ref: root,
    onMouseEnter: show,
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
    onClick: () => (open ? hide() : show()),
  };
  return { open, id, rootProps, buttonProps };
}
