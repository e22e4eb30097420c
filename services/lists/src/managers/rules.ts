/** How long an invitation's link works. */
export const INVITATION_DAYS = 14;
/** Managers and invitations one list may have at once. */
export const MAX_MANAGERS_PER_LIST = 20;
