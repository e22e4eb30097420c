// Price watch, as the owner reads it on a product's card and form.

/**
 * The change from a product's first recorded price to its latest, as a whole percentage
 * (negative: cheaper) and the day of the first point; null with fewer than two points or no
 * change worth showing (under 1 %).
 */
export function priceTrend(history: readonly { price: number; at: string }[] | undefined): { percent: number; since: string } | null {
  if (!history || history.length < 2) return null;
  const first = history[0];
  const last = history[history.length - 1];
  if (!(first.price > 0)) return null;
  const percent = Math.round(((last.price - first.price) / first.price) * 100);
  if (percent === 0) return null;
  return { percent, since: first.at };
}

/**
 * The points of a small trend line (an SVG polyline) `width` × `height`: x by time, y by price,
 * the cheapest at the bottom. Empty below two points.
 */
export function sparklinePoints(history: readonly { price: number; at: string }[] | undefined, width: number, height: number): string {
  if (!history || history.length < 2) return '';
  const times = history.map((p) => Date.parse(p.at));
  const prices = history.map((p) => p.price);
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  const x = (t: number) => (t1 === t0 ? 0 : ((t - t0) / (t1 - t0)) * width);
  const y = (p: number) => (hi === lo ? height / 2 : height - ((p - lo) / (hi - lo)) * height);
  return history.map((p, i) => `${x(times[i]).toFixed(1)},${y(p.price).toFixed(1)}`).join(' ');
}
