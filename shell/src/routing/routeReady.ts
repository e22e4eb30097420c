import { create } from 'zustand';

// The splash screen stays until the first route has rendered (or failed): SPEC §2.
interface RouteReadyState {
  ready: boolean;
  markReady: () => void;
}

export const useRouteReady = create<RouteReadyState>()((set) => ({
  ready: false,
  markReady: () => set((s) => (s.ready ? s : { ready: true })),
}));
