// Test helpers: the shared page renderer of `@wishlist/ui/src/testing` (a fresh i18next instance
// with `common` and our namespace, the page inside a MemoryRouter with a location probe), the
// notifications store reset.
import { pageRenderer } from '@wishlist/ui/src/testing';
import { useNotificationsStore } from '@wishlist/stores';
import { registerProducts } from '../i18n';

export const { createTestI18n, renderPage } = pageRenderer(registerProducts);
export { currentLocation } from '@wishlist/ui/src/testing';

export const notifications = () => useNotificationsStore.getState().items.map((n) => ({ type: n.type, message: n.message }));

export function resetNotifications() {
  useNotificationsStore.setState({ items: [] });
}

/** Sets the viewport to mobile (<= 640 px) or desktop for `useIsMobile()`. */
export function setMobile(mobile: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: mobile && query.includes('max-width'),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
