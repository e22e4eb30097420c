import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { detectLanguage, initI18n } from '@wishlist/i18n';
import { usePreferencesStore } from '@wishlist/stores';
import { App } from './App';
import { initNativeShell } from './nativeShell';
import { startFirstViewSwap } from './firstView/swap';
import './styles/global.css';

// Before the router reads the address: it drops the `shell` query.
initNativeShell();

initI18n(detectLanguage(location.pathname, { stored: usePreferencesStore.getState().language }));

// Issue 13: the server's snapshot of the first view stays until the app's page is on screen.
startFirstViewSwap();

const container = document.getElementById('root');
if (container) {
  // Issue 13: the first render is a transition, which React 19 renders in slices of a few
  // milliseconds (yielding to the browser between them) instead of one long task that blocks the
  // first taps. Nothing is on screen before it (the gateway's splash/skeleton stays until commit).
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
