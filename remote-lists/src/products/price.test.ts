import { centsToField, fieldToCents } from './price';

describe('price field', () => {
  it('shows cents with a comma in French and a dot in English', () => {
    expect(centsToField(1999, 'fr')).toBe('19,99');
    expect(centsToField(1999, 'en')).toBe('19.99');
    expect(centsToField(500, 'en')).toBe('5.00');
    expect(centsToField(null, 'fr')).toBe('');
  });
  it('accepts both separators, rounds to cents, empty is null', () => {
    expect(fieldToCents('19,99')).toBe(1999);
    expect(fieldToCents('19.99')).toBe(1999);
    expect(fieldToCents('1.005')).toBe(101);
    expect(fieldToCents(' 12 € ')).toBe(1200);
    expect(fieldToCents('')).toBeNull();
  });
  it('refuses text, negatives and prices above the maximum', () => {
    expect(fieldToCents('abc')).toBeUndefined();
    expect(fieldToCents('-3')).toBeUndefined();
    expect(fieldToCents('1000000.01')).toBeUndefined();
  });
});
