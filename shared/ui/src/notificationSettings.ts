/** SPEC §9 notification settings. */
export const NOTIFICATION_TIMEOUT_MS = 2500;
/** How often a notification waits for its predecessor with the same id to finish leaving. */
export const REPLACE_RETRY_MS = 100;

export interface NotificationsProps {
  /** Follows an action's `to` (the shell passes the router's navigate). */
  onNavigate?: (to: string) => void;
}
