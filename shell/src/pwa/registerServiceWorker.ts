// Registers the shell's service worker (/sw.js, made by Workbox at build time: pwa/serviceWorker.ts)
// once the page has loaded, so it never competes with the first view. Production builds only: the
// Rsbuild dev server has no sw.js, and a worker left over from a production run must not serve a
// developer's pages.
import { whenLoaded } from '../afterFirstView';

export const SERVICE_WORKER_URL = '/sw.js';

export interface RegisterOptions {
  enabled?: boolean;
  win?: Window;
}

export function registerServiceWorker({ enabled = process.env.NODE_ENV === 'production', win = window }: RegisterOptions = {}): void {
  const container = win.navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!container) return;
  if (!enabled) {
    // Development: drop a worker a production run on the same origin left behind.
    void container
      .getRegistrations?.()
      .then((registrations) => registrations.forEach((r) => void r.unregister()))
      .catch(() => undefined);
    return;
  }
  const register = () => {
    // updateViaCache 'none': the browser always asks the server for a new sw.js on navigation.
    container.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' }).catch((err: unknown) => {
      console.warn('[shell] service worker not registered:', err);
    });
  };
  whenLoaded(register, win.document, win);
}
