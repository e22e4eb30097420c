// The notifications drawn with react-toastify: loaded by `Notifications` (Notifications.tsx) when
// the first one is pushed, so react-toastify is not part of any page's first view.
import { useEffect, useRef, useState } from 'react';
import { ToastContainer, toast, type ToastOptions } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import { PAGE_POPIN_ID, useNotificationsStore, type AppNotification } from '@wishlist/stores';
import { useIsMobile } from './useIsMobile';
import { NOTIFICATION_TIMEOUT_MS, REPLACE_RETRY_MS, type NotificationsProps } from './notificationSettings';

function NotificationBody({
  item,
  onNavigate,
  closeToast,
}: {
  item: AppNotification;
  onNavigate?: (to: string) => void;
  closeToast: () => void;
}) {
  const { t } = useTranslation('common');
  const header =
    item.type === 'error' ? (item.title ?? t('notifications.error')) : item.title;
  return (
    <div className={`ui-toast ui-toast--${item.type}`}>
      {header && (
        <div className={`ui-toast__header ui-toast__header--${item.type}`}>{header}</div>
      )}
      <div className="ui-toast__message">{item.message}</div>
      {item.type === 'page' && (
        <div className="ui-toast__actions">
          {(item.actions ?? []).map((a) => (
            <button
              key={a.label}
              type="button"
              className="ui-button ui-button--primary ui-button--sm"
              onClick={() => {
                a.onClick?.();
                if (a.to) onNavigate?.(a.to);
                closeToast();
              }}
            >
              <span className="ui-button__label">{a.label}</span>
            </button>
          ))}
          <button type="button" className="ui-button ui-button--ghost ui-button--sm" onClick={closeToast}>
            <span className="ui-button__label">{t('actions.close')}</span>
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * Renders the notifications store with react-toastify (SPEC §9: no timeout for the page popin,
 * draggable, no progress bar, no close button). They sit at the bottom (centred on a phone, at the
 * right on a desktop), above a page's bottom bar (`--bottom-bar-height`), so they never hide the
 * header or a page's title.
 */
export default function Toaster({ onNavigate }: NotificationsProps) {
  const items = useNotificationsStore((s) => s.items);
  const dismiss = useNotificationsStore((s) => s.dismiss);
  const isMobile = useIsMobile();
  const shown = useRef(new Map<string, AppNotification>());
  const [retry, setRetry] = useState(0);

  useEffect(() => {
    const current = new Set(items.map((i) => i.id));
    for (const [id] of shown.current) {
      if (!current.has(id)) {
        shown.current.delete(id);
        toast.dismiss(id);
      }
    }
    let waiting = false;
    for (const item of items) {
      if (shown.current.get(item.id) === item) continue;
      const isPage = item.type === 'page';
      const options: ToastOptions = {
        toastId: isPage ? PAGE_POPIN_ID : item.id,
        type: item.type === 'page' ? 'default' : item.type,
        autoClose: isPage ? false : NOTIFICATION_TIMEOUT_MS,
        className: `ui-toast-shell ui-toast-shell--${item.type}`,
        onClose: () => {
          shown.current.delete(item.id);
          dismiss(item.id);
        },
      };
      const render = ({ closeToast }: { closeToast: () => void }) => (
        <NotificationBody item={item} onNavigate={onNavigate} closeToast={closeToast} />
      );
      if (shown.current.has(item.id) && toast.isActive(item.id)) toast.update(item.id, { ...options, render });
      else toast(render, options);
      // react-toastify ignores a toast whose id is still leaving (its exit animation): the page
      // popin always has the same id, so an add right after closing the previous popin showed
      // nothing. Such a notification waits and is shown once the previous one is gone.
      if (toast.isActive(item.id)) shown.current.set(item.id, item);
      else waiting = true;
    }
    if (!waiting) return;
    const timer = setTimeout(() => setRetry((n) => n + 1), REPLACE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [items, dismiss, onNavigate, retry]);

  return (
    <ToastContainer
      position={isMobile ? 'bottom-center' : 'bottom-right'}
      autoClose={NOTIFICATION_TIMEOUT_MS}
      hideProgressBar
      closeButton={false}
      draggable
      pauseOnFocusLoss
      newestOnTop
      icon={false}
      theme="light"
    />
  );
}
