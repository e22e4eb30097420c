import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { keepTabInside } from '@wishlist/ui';
import { useListsT } from '../i18n';


/** A modal side panel (bottom sheet on mobile): labelled, focus inside, Tab trapped, Escape closes. */
export function Panel({ title, onClose, children }: { title: ReactNode; onClose: () => void; children: ReactNode }) {
  const { t } = useListsT();
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>('h2')?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    keepTabInside(e, panel.current);
  };
  return createPortal(
    <div className="lists-panel-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={panel} className="lists-panel" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
        <div className="lists-panel__head">
          <h2 id={`${id}-title`} tabIndex={-1} className="lists-panel__title">
            {title}
          </h2>
          <button type="button" className="lists-icon-button" onClick={onClose} aria-label={t('common.close')}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="lists-panel__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
