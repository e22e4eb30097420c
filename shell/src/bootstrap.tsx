import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { detectLanguage, initI18n } from '@wishlist/i18n';
import { usePreferencesStore } from '@wishlist/stores';
import { yieldToMain } from './afterFirstView';
import { App } from './App';
import { initNativeShell } from './nativeShell';
import './styles/global.css';

// Start-up in short tasks, not one long one (issue 13, Total Blocking Time): evaluating the modules
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
  // tap can come between, instead of one long task (issue 13, Total Blocking Time). Remote pages
  // keep one lazy component per module across the renders a transition may throw away
  // (remoteLoader.ts remoteComponent), or a refused remote would be loaded a second time.
  if (container) {
    const root = createRoot(container);
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  }
}

void boot();
