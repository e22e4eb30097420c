import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useHoverDisclosure } from '@wishlist/ui';

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
  const { pathname } = useLocation();
  const { open, id, rootProps, buttonProps } = useHoverDisclosure({ closeKey: pathname, onOpen });

  return (
    <div {...rootProps} className={['shell-menu', open && 'shell-menu--open', className].filter(Boolean).join(' ')}>
      <button {...buttonProps} className="shell-menu__button">
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
