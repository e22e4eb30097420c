import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A hover menu (SPEC §2 desktop header) that also works without a mouse: a disclosure button
 * (aria-expanded) opening a list of links on hover, click, Enter or Space; Escape closes it and
 * returns focus to the button; moving focus or the pointer away closes it.
 */
export function HeaderMenu({
  label,
  onOpen,
  children,
  className,
}: {
  label: ReactNode;
  onOpen?: () => void;
  children: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { pathname } = useLocation();

  const show = () => {
    clearTimeout(closeTimer.current);
    if (!open) onOpen?.();
    setOpen(true);
  };
  const hide = () => setOpen(false);

  // A followed link closes the menu.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      hide();
      button.current?.focus();
    }
  };

  return (
    <div
      ref={root}
      className={['shell-menu', open && 'shell-menu--open', className].filter(Boolean).join(' ')}
      onMouseEnter={show}
      onMouseLeave={() => {
        closeTimer.current = setTimeout(hide, 150);
      }}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) hide();
      }}
    >
      <button
        ref={button}
        type="button"
        className="shell-menu__button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => (open ? hide() : show())}
      >
        {label}
        <svg className="shell-menu__chevron" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <ul id={id} className="shell-menu__list" hidden={!open}>
        {children}
      </ul>
    </div>
  );
}
