import { useEffect, useRef } from 'react';
import { ToastContainer, toast, type ToastOptions } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import { PAGE_POPIN_ID, useNotificationsStore, type AppNotification } from '@wishlist/stores';

/** SPEC §9 notification settings. */
export const NOTIFICATION_TIMEOUT_MS = 2500;

export interface NotificationsProps {
  /** Follows an action's `to` (the shell passes the router's navigate). */
  onNavigate?: (to: string) => void;
}

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

/** Renders the notifications store with react-toastify (SPEC §9). */
export function Notifications({ onNavigate }: NotificationsProps) {
  const items = useNotificationsStore((s) => s.items);
  const dismiss = useNotificationsStore((s) => s.dismiss);
  const shown = useRef(new Map<string, AppNotification>());

  useEffect(() => {
    const current = new Set(items.map((i) => i.id));
    for (const [id] of shown.current) {
      if (!current.has(id)) {
        shown.current.delete(id);
        toast.dismiss(id);
      }
    }
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
      shown.current.set(item.id, item);
    }
  }, [items, dismiss, onNavigate]);

  return (
    <ToastContainer
      position="top-center"
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
