import { alertDrop, appendReading, backoffMs, firstCheck, MAX_HISTORY_POINTS, nextDailyCheck, DAY_MS } from './rules';

const at = (day: number) => new Date(Date.UTC(2030, 0, 1 + day));

describe('price history', () => {
  it('adds a point only when the price changes', () => {
    let h = appendReading([], { price: 1000, at: at(1) }, { price: null, since: at(0) });
    expect(h).toEqual([{ price: 1000, at: at(1) }]);
    h = appendReading(h, { price: 1000, at: at(2) }, { price: 1000, since: at(0) });
    expect(h).toHaveLength(1);
    h = appendReading(h, { price: 900, at: at(3) }, { price: 1000, since: at(0) });
    expect(h.map((p) => p.price)).toEqual([1000, 900]);
  });

  it('keeps the price known before the first reading as the first point', () => {
    expect(appendReading([], { price: 800, at: at(2) }, { price: 1000, since: at(0) })).toEqual([
      { price: 1000, at: at(0) },
      { price: 800, at: at(2) },
    ]);
    // The same price: one point only.
    expect(appendReading([], { price: 1000, at: at(2) }, { price: 1000, since: at(0) })).toHaveLength(1);
  });

  it('keeps at most 90 points, the newest last', () => {
    let h = appendReading([], { price: 1, at: at(0) }, { price: null, since: at(0) });
    for (let i = 1; i < 200; i++) h = appendReading(h, { price: i + 1, at: at(i) }, { price: i, since: at(0) });
    expect(h).toHaveLength(MAX_HISTORY_POINTS);
    expect(h[h.length - 1]).toEqual({ price: 200, at: at(199) });
    expect(h[0].price).toBe(111);
  });
});

describe('drop detection', () => {
  it('is a drop from 10 % on, as a whole percentage', () => {
    expect(alertDrop(1000, 900)).toBe(10);
    expect(alertDrop(1000, 901)).toBeNull();
    expect(alertDrop(2500, 2000)).toBe(20);
    expect(alertDrop(999, 1)).toBe(99);
  });

  it('is never a rise, an unknown price or from zero', () => {
    expect(alertDrop(1000, 1000)).toBeNull();
    expect(alertDrop(1000, 1200)).toBeNull();
    expect(alertDrop(null, 500)).toBeNull();
    expect(alertDrop(1000, null)).toBeNull();
    expect(alertDrop(0, 0)).toBeNull();
  });
});

describe('back-off', () => {
  it('doubles from the base after each failure, up to the cap', () => {
    expect([0, 1, 2, 3, 4].map((n) => backoffMs(n, 60_000, 300_000))).toEqual([0, 60_000, 120_000, 240_000, 300_000]);
    expect(backoffMs(1000, DAY_MS, 30 * DAY_MS)).toBe(30 * DAY_MS);
  });
});

describe('spreading over the day', () => {
  it('first readings fall within the coming day; later ones about a day apart', () => {
    const now = at(0);
    expect(firstCheck(now, () => 0).getTime()).toBe(now.getTime());
    expect(firstCheck(now, () => 0.999).getTime()).toBeLessThan(now.getTime() + DAY_MS);
    const next = nextDailyCheck(now, () => 0.5).getTime() - now.getTime();
    expect(next).toBe(DAY_MS);
    expect(nextDailyCheck(now, () => 0).getTime() - now.getTime()).toBe(DAY_MS - 3_600_000);
  });
});
