/**
 * The rules of price watch, pure (no database, no clock of their own): how a reading changes a
 * product's history, what counts as a drop worth a mail, and how long to wait after failures.
 */

export interface PricePoint {
  /** Integer cents. */
  price: number;
  at: Date;
}

/** Points kept per product: about three months of daily changes, a few kB at most. */
export const MAX_HISTORY_POINTS = 90;
/** A fall of at least this share of the previous price mails the people who follow the list. */
export const DROP_ALERT_RATIO = 0.1;
export const DAY_MS = 24 * 60 * 60_000;

/**
 * The history after a successful reading: a point only when the price differs from the last one
 * (so the trend reads as changes, not as days). A product that had a price before its first
 * reading (typed or read at creation) keeps it as the first point, dated when the product was
 * made, so the very first change already shows a trend. Oldest points go beyond the cap.
 */
export function appendReading(
  history: readonly PricePoint[],
  reading: PricePoint,
  before: { price: number | null; since: Date },
): PricePoint[] {
  const out = [...history];
  if (out.length === 0 && before.price !== null && before.price !== reading.price && before.since < reading.at) {
    out.push({ price: before.price, at: before.since });
  }
  const last = out[out.length - 1];
  if (!last || last.price !== reading.price) out.push(reading);
  return out.slice(-MAX_HISTORY_POINTS);
}

/** The drop from `before` to `after` as a whole percentage (20 for a fifth cheaper), or null when it is not a drop worth a mail. */
export function alertDrop(before: number | null, after: number | null): number | null {
  if (before === null || after === null || before <= 0 || after < 0 || after >= before) return null;
  // Integers in cents compared exactly: 10.00 € → 9.00 € is a 10 % drop, 9.01 € is not.
  if (before - after < before * DROP_ALERT_RATIO - 1e-9) return null;
  return Math.floor(((before - after) * 100) / before);
}

/**
 * Exponential back-off: `base`, then twice as long after each further failure, never more than
 * `max`. `failures` counts the failures in a row, the one just met included (1 → base).
 */
export function backoffMs(failures: number, base: number, max: number): number {
  if (failures <= 0) return 0;
  const exponent = Math.min(failures - 1, 30);
  return Math.min(max, base * 2 ** exponent);
}

/** When a product is read again after a successful reading: a day later, moved by up to an hour either way so products added together drift apart. */
export function nextDailyCheck(now: Date, random: () => number = Math.random): Date {
  return new Date(now.getTime() + DAY_MS + Math.round((random() * 2 - 1) * 60 * 60_000));
}

/** The first reading of a product: somewhere in the coming day, so that readings spread over the day. */
export function firstCheck(now: Date, random: () => number = Math.random): Date {
  return new Date(now.getTime() + Math.round(random() * DAY_MS));
}
