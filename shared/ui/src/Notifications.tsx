import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useNotificationsStore } from '@wishlist/stores';
import type { NotificationsProps } from './notificationSettings';

export { NOTIFICATION_TIMEOUT_MS, REPLACE_RETRY_MS, type NotificationsProps } from './notificationSettings';

// react-toastify (10 kB gzip, and its evaluation a long task on a phone) is not needed
// until something is notified, which most first views never do. The toaster loads with the first
// notification; the store keeps it meanwhile, so none is lost (it shows once the toaster is there).
const loadToaster = (): Promise<{ default: ComponentType<NotificationsProps> }> =>
  import('./Toaster').catch((e: unknown) => {
    // Offline, or a redeploy removed the chunk: the next notification tries again (React.lazy
    // keeps a rejection forever, so a new lazy component), and this one is not shown.
    console.warn('[ui] notifications could not be loaded', e);
    Toaster = lazy(loadToaster);
    return { default: () => null };
  });
let Toaster = lazy(loadToaster);

/**
 * Renders the notifications store (SPEC §9: no timeout for the page popin, draggable, no progress
 * bar, no close button) with react-toastify, loaded with the first notification. They sit at the
 * bottom (centred on a phone, at the right on a desktop), above a page's bottom bar
 * (`--bottom-bar-height`), so they never hide the header or a page's title.
 */
export function Notifications(props: NotificationsProps) {
  const pending = useNotificationsStore((s) => s.items.length > 0);
  // Once loaded, the toaster stays (it animates the last toast out after the store emptied).
  const [wanted, setWanted] = useState(pending);
  if (pending && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  );
}
