import { create } from 'zustand';

export type NotificationType = 'success' | 'error' | 'info' | 'page';

export interface NotificationAction {
  label: string;
  /** Route to navigate to, or a callback. */
  to?: string;
  onClick?: () => void;
}

export interface NotificationInput {
  type: NotificationType;
  message: string;
  /** Optional heading (the error type shows a red header). */
  title?: string;
  /** Stable id: pushing the same id again replaces the notification. */
  id?: string;
  /** Buttons shown in a `page` popin. */
  actions?: NotificationAction[];
}

export interface AppNotification extends NotificationInput {
  id: string;
}

export interface NotificationsState {
  items: AppNotification[];
  push: (n: NotificationInput) => string;
  dismiss: (id: string) => void;
  clear: () => void;
}

/** SPEC §9: the page-type popin always uses this id. */
export const PAGE_POPIN_ID = 'tab-popin';

let counter = 0;

export const useNotificationsStore = create<NotificationsState>()((set) => ({
  items: [],
  push: (n) => {
    const id = n.type === 'page' ? PAGE_POPIN_ID : (n.id ?? `n${Date.now()}-${++counter}`);
    const item = { ...n, id };
    set((s) => ({ items: [...s.items.filter((i) => i.id !== id), item] }));
    return id;
  },
  dismiss: (id) => set((s) => ({ items: s.items.filter((i) => i.id !== id) })),
  clear: () => set({ items: [] }),
}));

/** Shortcut usable outside React. */
export function notify(n: NotificationInput): string {
  return useNotificationsStore.getState().push(n);
}
