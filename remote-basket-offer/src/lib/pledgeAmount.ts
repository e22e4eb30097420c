// The amount of a pledge as typed (euros, either decimal separator) and the rules the offers
// service applies: at least the minimum, or exactly what remains when less remains.

/** Cents from "12", "12.5", "12,50" (spaces ignored); undefined when not a plain amount of euros. */
export function amountToCents(text: string): number | undefined {
  const t = text.replace(/[\s\u00a0€]/g, '').replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(t)) return undefined;
  return Math.round(Number(t) * 100);
}

export type AmountProblem = 'invalid' | 'tooSmall' | 'tooLarge';

/**
 * Why an amount cannot be pledged, or null. `remaining` unknown (totals not loaded) checks the
 * minimum only; more than remains is refused here although the service would cut it, so that
 * nobody is surprised by a smaller pledge than they typed.
 */
export function amountProblem(cents: number | undefined, minimum: number, remaining: number | undefined): AmountProblem | null {
  if (cents === undefined || cents <= 0) return 'invalid';
  if (remaining !== undefined && cents > remaining) return 'tooLarge';
  const floor = remaining !== undefined ? Math.min(minimum, remaining) : minimum;
  if (cents < floor) return 'tooSmall';
  return null;
}
