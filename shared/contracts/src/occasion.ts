// An occasion (its date) and what happens after it (received products, archived lists): the
// fields a list and a product gain on top of SPEC §7, and their rules.

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar date written `YYYY-MM-DD` (no 2026-02-30, no 2026-13-01). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = CALENDAR_DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The day of `at` in UTC, `YYYY-MM-DD` (dates of occasions are calendar days, not instants). */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`): positive when `to` is later. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** How many days before the occasion the people who follow the list are reminded of it. */
export const REMINDER_DAYS_BEFORE = 14;
