import { describe, expect, it } from '@jest/globals';
import { BUDGETS, median, mediansOf, overBudget, roundOrder, versusFloor } from './budgets.mjs';

const floor = { score: 96, lcp: 2000, tbt: 100, mainThread: 1000, cls: 0, js: 70_000, benchmarkIndex: 1500 };
const page = (over) => ({ ...floor, ...over });

describe('median', () => {
  it('takes the middle of an odd count and the mean of the two middles of an even one', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
  it('leaves out what is not a number and gives NaN for nothing', () => {
    expect(median([undefined, 2, NaN, 4, 3])).toBe(3);
    expect(median([])).toBeNaN();
  });
  it('gives each figure its own median over the runs', () => {
    const m = mediansOf([page({ score: 90, lcp: 3000 }), page({ score: 80, lcp: 1000 }), page({ score: 85, lcp: 2000 })]);
    expect(m).toMatchObject({ score: 85, lcp: 2000, mainThread: 1000 });
  });
});

describe('versusFloor', () => {
  it('divides the medians by the floor\'s and counts the score in points behind it', () => {
    expect(versusFloor(page({ mainThread: 1500, lcp: 2400, score: 93 }), floor)).toEqual({ mainThread: 1.5, lcp: 1.2, tbt: 1, scoreBehind: 3 });
  });
  it('has no ratio without a floor, nor against a floor figure of zero', () => {
    expect(versusFloor(floor, undefined)).toBeNull();
    expect(versusFloor(page({ tbt: 50 }), page({ tbt: 0 })).tbt).toBeNaN();
  });
});

describe('overBudget', () => {
  it('passes a page within every budget of its kind, a better score than the floor\'s included', () => {
    expect(overBudget('see-mobile', page({ mainThread: 2000, lcp: 2500, score: 100 }), floor)).toEqual([]);
    expect(overBudget('owner-mobile', page({ mainThread: 3000, lcp: 9000, score: 40 }), floor)).toEqual([]);
  });
  it('names each budget a mobile page exceeds against the floor', () => {
    expect(overBudget('en-mobile', page({ mainThread: 2100, lcp: 2600, score: 90 }), floor)).toEqual([
      "main-thread work 2.10x the floor's > 2x",
      "LCP 1.30x the floor's > 1.25x",
      'score behind the floor 6 points > 5',
    ]);
    expect(overBudget('owner-mobile', page({ mainThread: 3100 }), floor)).toEqual(["main-thread work 3.10x the floor's > 3x"]);
  });
  it('holds desktop pages to their absolute score and every page to CLS', () => {
    expect(overBudget('see-desktop', page({ score: 97 }), floor)).toEqual(['score 97 < 98']);
    expect(overBudget('en-desktop', page({ score: 99, cls: 0.05 }), undefined)).toEqual(['CLS 0.050 > 0.02']);
  });
  it('fails a ratio budget it cannot judge (no floor measured, or a figure missing)', () => {
    expect(overBudget('see-mobile', floor, undefined)).toEqual(['no floor measured to compare with']);
    expect(overBudget('owner-mobile', page({ mainThread: NaN }), floor)).toEqual(["main-thread work unmeasured (budget 3x the floor's)"]);
  });
  it('has a budget for every page the bench measures besides the floor', () => {
    expect(Object.keys(BUDGETS).sort()).toEqual(['en-desktop', 'en-mobile', 'owner-mobile', 'see-desktop', 'see-mobile']);
  });
});

describe('roundOrder', () => {
  it('measures every page once per round, starting one further on each round', () => {
    const keys = ['floor', 'a', 'b'];
    expect(roundOrder(keys, 0)).toEqual(['floor', 'a', 'b']);
    expect(roundOrder(keys, 1)).toEqual(['a', 'b', 'floor']);
    expect(roundOrder(keys, 3)).toEqual(['floor', 'a', 'b']);
    expect(roundOrder([], 2)).toEqual([]);
  });
});
