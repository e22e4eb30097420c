// Surprise lists: the people a list is for do not learn what they get before the day. One rule,
// `giftsHidden`, decides it for the services (answers, mails) and the remotes (owner's views).
import { isCalendarDate } from './occasion';

/** Who a list is for; for `someone-else` its keepers handle the gifts, so nothing is hidden from them. */
export type SurpriseRecipient = 'me' | 'someone-else' | 'us';

/** What a list says about keeping its gifts secret (every field optional: absent means today's behaviour). */
export interface SurpriseFacts {
  /** The list keeps the surprise (default false: existing lists and clients show everything). */
  surprise?: boolean | null;
  /** The day (`YYYY-MM-DD`, from 00:00 UTC) or instant (ISO) the keepers see what was given. */
  revealAt?: string | null;
  /** The occasion's day: without `revealAt`, gifts show once this day is over (UTC). */
  eventDate?: string | null;
  /** The owner chose "Show me anyway". */
  revealed?: boolean | null;
  recipient?: SurpriseRecipient | null;
}

const DAY_MS = 86_400_000;
const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Whether `value` is a `revealAt`: a real `YYYY-MM-DD` day or an ISO instant with its zone. */
export function isRevealAt(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (isCalendarDate(value)) return true;
  const m = ISO_INSTANT.exec(value);
  return m !== null && isCalendarDate(m[1]) && !Number.isNaN(Date.parse(value));
}

/** `revealAt` as stored: a day stays a day; an instant becomes its UTC ISO form. */
export function normalizeRevealAt(value: string): string {
  return isCalendarDate(value) ? value : new Date(value).toISOString();
}

/**
 * When the keepers of a list see its gifts: `revealAt` (a day counts from its start, UTC), else
 * the end of `eventDate` (UTC), else null (only "Show me anyway" shows them).
 */
export function revealTime(facts: SurpriseFacts): Date | null {
  if (facts.revealAt) {
    const at = isCalendarDate(facts.revealAt) ? Date.parse(`${facts.revealAt}T00:00:00Z`) : Date.parse(facts.revealAt);
    if (!Number.isNaN(at)) return new Date(at);
  }
  if (facts.eventDate && isCalendarDate(facts.eventDate)) return new Date(Date.parse(`${facts.eventDate}T00:00:00Z`) + DAY_MS);
  return null;
}

/**
 * Whether what givers offered on a list is hidden, at `now`, from the people the list is for (its
 * owner and the managers of a list for themselves): a surprise list, before its reveal, unless the
 * owner chose to see it anyway. A list for someone else hides nothing from its keepers: they
 * answer the offers.
 */
export function giftsHidden(facts: SurpriseFacts, now: Date): boolean {
  if (facts.surprise !== true || facts.revealed === true || facts.recipient === 'someone-else') return false;
  const at = revealTime(facts);
  return at === null || now.getTime() < at.getTime();
}

/** The surprise fields of a list answer, present only on a list that keeps (or kept) a surprise: absent means none. */
export interface SurpriseFields {
  surprise: boolean;
  revealAt: string | null;
  revealed: boolean;
}

/** The keys of a list write's surprise fields (listSurpriseSchema), to tell whether a PATCH sends any of them. */
export const LIST_SURPRISE_KEYS = ['surprise', 'revealAt', 'revealed'] as const;
