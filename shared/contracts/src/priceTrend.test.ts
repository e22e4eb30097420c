import { priceTrend, sparklinePoints } from './priceTrend';

const h = (...prices: number[]) => prices.map((price, i) => ({ price, at: new Date(Date.UTC(2030, 10, 3 + i)).toISOString() }));

describe('priceTrend', () => {
  it('is the change from the first point to the last, since the first point', () => {
    expect(priceTrend(h(10000, 9500, 8800))).toEqual({ percent: -12, since: '2030-11-03T00:00:00.000Z' });
    expect(priceTrend(h(1000, 1250))).toEqual({ percent: 25, since: '2030-11-03T00:00:00.000Z' });
  });

  it('is nothing with fewer than two points, no change, or a first price of zero', () => {
    expect(priceTrend(undefined)).toBeNull();
    expect(priceTrend(h(1000))).toBeNull();
    expect(priceTrend(h(1000, 1200, 1000))).toBeNull();
    expect(priceTrend(h(0, 1000))).toBeNull();
  });
});

describe('sparklinePoints', () => {
  it('spreads the points over the width by time, the cheapest at the bottom', () => {
    expect(sparklinePoints(h(2000, 1000, 1500), 100, 10)).toBe('0.0,0.0 50.0,10.0 100.0,5.0');
    expect(sparklinePoints(h(1000), 100, 10)).toBe('');
  });
});
