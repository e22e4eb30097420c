import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { detectLanguage, initI18n } from '@wishlist/i18n';
import { usePreferencesStore } from '@wishlist/stores';
import { yieldToMain } from './afterFirstView';
import { App } from './App';
import { hydrationStarted, isHydratingFirstView } from './firstView/hydrate';
import { initNativeShell } from './nativeShell';
import './styles/global.css';

// Start-up in short tasks, not one long one (Total Blocking Time): evaluating the modules
// above (React DOM, i18next, the app) when the last of their chunks arrives; then the session's
// settings; then the first render, itself sliced. Each yield lets a tap or a paint in between.
async function boot(): Promise<void> {
  await yieldToMain();
  // Before the router reads the address: it drops the `shell` query.
  initNativeShell();
  initI18n(detectLanguage(location.pathname, { stored: usePreferencesStore.getState().language }));
  await yieldToMain();
  const container = document.getElementById('root');
  // The first render is a transition, so React renders it in slices of a few milliseconds that a
  // tap can come between, instead of one long task (Total Blocking Time). Remote pages
  // keep one lazy component per module across the renders a transition may throw away
  // (remoteLoader.ts remoteComponent), or a refused remote would be loaded a second time.
  if (!container) return;
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (isHydratingFirstView()) {
    // The server's first view is the app's first render: React adopts its nodes instead of
    // building the page again, in slices because it is started in a transition (outside one, a
    // hydration is a single task as long as the whole page). A part that differs is rendered anew
    // by React, never shown broken.
    hydrationStarted();
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError: (error) => {
          // The server leaves the parts made of other remotes (the basket's controls) for the browser
          // to render (React's error 419 names such a boundary): expected, not worth a word.
          const message = error instanceof Error ? error.message : String(error);
          if (!/\b419\b|switched to client rendering/i.test(message)) console.warn('[shell] part of the first view was rendered again:', message);
        },
      });
    });
    return;
  }
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

void boot();
