import { StrictMode } from 'react';
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
// Not a transition (issue 13 tried one, to slice the first render into short tasks): with it, a
// remote built for another major of a shared singleton crashed on an undefined module instead of
// being refused by the federation runtime into the error panel (e2e deploy-skew.spec), the runtime
// warning that the remote was registered twice; the cause is not pinned down. The cards, the long
// part of a list page, still render in a deferred pass (remote-lists).
if (container)
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
