import { daysBetween, eventDateSchema, isCalendarDate, listOccasionChangeSchema, utcDay } from '../src';

describe('occasion dates', () => {
  it.each(['2026-01-01', '2028-02-29', '2030-12-31', '1900-01-01'])('accepts the real calendar day %s', (day) => {
    expect(isCalendarDate(day)).toBe(true);
    expect(eventDateSchema.safeParse(day).success).toBe(true);
  });

  it.each(['2027-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-1-1', '26-01-01', '2026-01-01T00:00:00Z', ' 2026-01-01', '1899-12-31', '', 'today'])(
    'refuses %p',
    (day) => {
      expect(isCalendarDate(day)).toBe(false);
      const parsed = eventDateSchema.safeParse(day);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0].message).toBe('invalid-date');
    },
  );

  it('takes null (no occasion) and refuses other types with the same code', () => {
    expect(eventDateSchema.safeParse(null).success).toBe(true);
    for (const v of [20260101, true, {}, []]) expect(eventDateSchema.safeParse(v).error?.issues[0].message).toBe('invalid-date');
  });

  it('leaves absent fields absent in a change, and wants a boolean for archived', () => {
    expect(listOccasionChangeSchema.parse({})).toEqual({});
    expect(listOccasionChangeSchema.safeParse({ archived: 'yes' }).error?.issues[0].message).toBe('invalid-boolean');
  });

  it('counts whole days between calendar days, across months and leap days', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-03-10', '2026-03-01')).toBe(-9);
    expect(utcDay(new Date('2026-03-01T23:59:59Z'))).toBe('2026-03-01');
  });
});
