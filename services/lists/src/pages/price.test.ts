import { currencyIn, normalizeCurrency, parsePriceToCents } from './price';

describe('parsePriceToCents', () => {
  it.each([
    ['81.99', 8199],
    ['1.234,56', 123456],
    ['1,234.56', 123456],
    ['€ 12,00', 1200],
    ['12,00 €', 1200],
    ['1 299 €', 129900],
    ['1\u00a0299,90\u00a0€', 129990],
    ["CHF 1'299.50", 129950],
    ['$955.00', 95500],
    ['1.299', 129900],
    ['1,299', 129900],
    ['12,5', 1250],
    ['12,-', 1200],
    ['0', 0],
    [' 7 ', 700],
  ])('%s → %i cents', (text, cents) => {
    expect(parsePriceToCents(text)).toBe(cents);
  });

  it('reads JSON numbers, rounding to the cent', () => {
    expect(parsePriceToCents(49.2)).toBe(4920);
    expect(parsePriceToCents(0.1 + 0.2)).toBe(30);
  });

  it.each([['abc'], [''], ['10 - 20 €'], ['-5,00'], ['1e9'], [NaN], [-1], [1e12], [null], [{}]])('%p → null', (value) => {
    expect(parsePriceToCents(value)).toBeNull();
  });
});

describe('currencies', () => {
  it('reads ISO codes and symbols', () => {
    expect(normalizeCurrency('eur')).toBe('EUR');
    expect(normalizeCurrency('€')).toBe('EUR');
    expect(normalizeCurrency(12)).toBeNull();
    expect(currencyIn('£9.99')).toBe('GBP');
    expect(currencyIn('Rs. 999')).toBe('INR');
    expect(currencyIn('12 CHF')).toBe('CHF');
    expect(currencyIn('12')).toBeNull();
  });
});
