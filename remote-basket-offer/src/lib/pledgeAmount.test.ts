import { amountProblem, amountToCents } from './pledgeAmount';

describe('pledge amounts', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12,50', 1250],
    [' 1 200 € ', 120000],
    ['0.01', 1],
  ])('reads %p as %p cents', (text, cents) => expect(amountToCents(text)).toBe(cents));

  it.each(['', 'abc', '12.345', '-5', '1e3', '12..5'])('refuses %p', (text) => expect(amountToCents(text)).toBeUndefined());

  it('asks at least the minimum, at most what remains, and allows exactly a smaller rest', () => {
    expect(amountProblem(undefined, 500, 30000)).toBe('invalid');
    expect(amountProblem(499, 500, 30000)).toBe('tooSmall');
    expect(amountProblem(500, 500, 30000)).toBeNull();
    expect(amountProblem(30001, 500, 30000)).toBe('tooLarge');
    expect(amountProblem(300, 500, 300)).toBeNull();
    expect(amountProblem(200, 500, 300)).toBe('tooSmall');
    expect(amountProblem(499, 500, undefined)).toBe('tooSmall');
  });
});
