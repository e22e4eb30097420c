import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { useListsT } from '../i18n';
import type { BarAction } from './CommonActions';
import { MoreIcon } from './Icons';

/**
 * The "More" menu button of the action bar (WAI-ARIA menu button): the actions that do not fit a
 * phone's bar. Enter, Space or ArrowDown open it on the first item (ArrowUp on the last); the
 * arrows, Home and End move; Escape closes it and gives focus back to the button; Tab or a click
 * elsewhere closes it.
 */
export function MoreMenu({ actions }: { actions: BarAction[] }) {
  const { t } = useListsT();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const buttonId = useId();
  const pendingFocus = useRef<'first' | 'last' | null>(null);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const all = items();
    // The menu lives in a fixed bar: moving the focus there never needs the page to scroll.
    if (pendingFocus.current === 'last') all.at(-1)?.focus({ preventScroll: true });
    else all[0]?.focus({ preventScroll: true });
    pendingFocus.current = null;
    const onPointerDown = (e: PointerEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus({ preventScroll: true });
  };

  const onButtonKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      pendingFocus.current = e.key === 'ArrowUp' ? 'last' : 'first';
      setOpen(true);
    }
  };

  const onMenuKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      e.preventDefault();
      all[(to + all.length) % all.length]?.focus({ preventScroll: true });
    };
    switch (e.key) {
      case 'ArrowDown':
        return move(at + 1);
      case 'ArrowUp':
        return move(at - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(all.length - 1);
      case 'Escape':
        e.preventDefault();
        return close(true);
      case 'Tab':
        return close(false);
      default:
    }
  };

  const itemFor = (a: BarAction) => {
    const content = (
      <>
        {a.icon}
        <span>{a.label}</span>
      </>
    );
    const done = () => close(false);
    if (a.to && !a.disabled)
      return (
        <Link role="menuitem" tabIndex={-1} to={a.to} className="lists-menu__item" onClick={done}>
          {content}
        </Link>
      );
    if (a.href && !a.disabled)
      return (
        <a role="menuitem" tabIndex={-1} href={a.href} target="_blank" rel="noopener noreferrer" className="lists-menu__item" onClick={done}>
          {content}
        </a>
      );
    return (
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        className="lists-menu__item"
        aria-disabled={a.disabled || undefined}
        onClick={() => {
          if (a.disabled) return;
          close(true);
          a.onClick?.();
        }}
      >
        {content}
      </button>
    );
  };

  return (
    <div className="lists-more" ref={wrapRef}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="lists-tab"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKeyDown}
      >
        <MoreIcon />
        <span className="lists-tab__label">{t('tabs.more')}</span>
      </button>
      {open && (
        <ul id={menuId} ref={menuRef} role="menu" aria-labelledby={buttonId} className="lists-menu" onKeyDown={onMenuKeyDown}>
          {actions.map((a) => (
            <li key={a.key} role="none">
              {itemFor(a)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
