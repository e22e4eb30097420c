// How a list's occasion reads: "in 12 days", "today", "was on 3 March 2026", in the interface's
// language through Intl (no hand-made date maths beyond counting whole days).

/** Today's calendar day where the reader is, `YYYY-MM-DD`. */
export function localDay(at: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The day written out in the language ("Saturday 12 December 2026"). */
export function longDate(eventDate: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${eventDate}T00:00:00Z`));
}

export type Occasion = { kind: 'upcoming'; when: string; date: string } | { kind: 'today'; date: string } | { kind: 'past'; date: string };

/** Where the occasion stands from `today`: upcoming ("in 12 days", "tomorrow"), today, or past. */
export function occasionOf(eventDate: string, lang: string, today: string = localDay()): Occasion {
  const days = daysFrom(today, eventDate);
  const date = longDate(eventDate, lang);
  if (days === 0) return { kind: 'today', date };
  if (days < 0) return { kind: 'past', date };
  return { kind: 'upcoming', when: new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }).format(days, 'day'), date };
}
