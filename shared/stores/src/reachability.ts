import { create } from 'zustand';

export interface ReachabilityState {
  /** SPEC §4: true after any successful call, false after a network failure. */
  isApiReachable: boolean;
  setApiReachable: (value: boolean) => void;
}

export const useReachabilityStore = create<ReachabilityState>()((set, get) => ({
  isApiReachable: true,
  setApiReachable: (isApiReachable) => {
    if (get().isApiReachable !== isApiReachable) set({ isApiReachable });
  },
}));

export function setApiReachable(value: boolean): void {
  useReachabilityStore.getState().setApiReachable(value);
}
