// Test helper: the shared page renderer of `@wishlist/ui/src/testing` (a fresh i18next instance
// with `common` and our namespace, the page inside a MemoryRouter with a location probe).
import { pageRenderer } from '@wishlist/ui/src/testing';
import { registerAuth } from '../i18n';

export const { createTestI18n, renderPage } = pageRenderer(registerAuth);
export { currentLocation, headingProblems } from '@wishlist/ui/src/testing';
