import { costText, parseCost } from './giftCost';

describe('the cost a giver types', () => {
  it('reads euros with a point or a comma, spaces and a euro sign', () => {
    expect(parseCost('24.90')).toBe(2490);
    expect(parseCost('24,9')).toBe(2490);
    expect(parseCost(' 1 200 € ')).toBe(120000);
    expect(parseCost('0')).toBe(0);
  });

  it('is none when empty, and not an amount otherwise', () => {
    expect(parseCost('')).toBeNull();
    expect(parseCost('  ')).toBeNull();
    expect(parseCost('-3')).toBeUndefined();
    expect(parseCost('12.345')).toBeUndefined();
    expect(parseCost('ten')).toBeUndefined();
  });

  it('is shown back in the reader\'s way', () => {
    expect(costText(2490, 'en')).toBe('24.90');
    expect(costText(2490, 'fr')).toBe('24,90');
    expect(costText(null, 'fr')).toBe('');
  });
});
