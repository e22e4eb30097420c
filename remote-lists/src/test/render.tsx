// Test helper: the shared page renderer of `@wishlist/ui/src/testing` (a fresh i18next instance
// with `common` and our namespace, the page inside a MemoryRouter with a location probe).
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { pageRenderer, type RenderPageOptions } from '@wishlist/ui/src/testing';
import { registerLists } from '../i18n';

const renderer = pageRenderer(registerLists);
export const createTestI18n = renderer.createTestI18n;

export async function renderPage(page: ReactElement, options?: Omit<RenderPageOptions, 'history'>) {
  const result = await renderer.renderPage(page, options);
  await act(async () => {});
  return result;
}

export { currentLocation } from '@wishlist/ui/src/testing';
