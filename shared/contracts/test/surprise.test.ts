import { giftsHidden, isRevealAt, normalizeRevealAt, revealTime } from '../src/surprise';
import { listSurpriseSchema } from '../src/listSchemas';

const at = (iso: string) => new Date(iso);

describe('giftsHidden', () => {
  it('hides nothing on a list that keeps no surprise (every existing list)', () => {
    expect(giftsHidden({}, at('2030-01-01T00:00:00Z'))).toBe(false);
    expect(giftsHidden({ surprise: false, eventDate: '2031-01-01' }, at('2030-01-01T00:00:00Z'))).toBe(false);
  });

  it('hides gifts until the occasion is over (end of its day, UTC)', () => {
    const list = { surprise: true, eventDate: '2030-12-25' };
    expect(giftsHidden(list, at('2030-12-24T12:00:00Z'))).toBe(true);
    expect(giftsHidden(list, at('2030-12-25T23:59:59Z'))).toBe(true);
    expect(giftsHidden(list, at('2030-12-26T00:00:00Z'))).toBe(false);
  });

  it('uses revealAt over the occasion: a day from its start, an instant as given', () => {
    expect(giftsHidden({ surprise: true, eventDate: '2030-12-25', revealAt: '2030-12-20' }, at('2030-12-19T23:00:00Z'))).toBe(true);
    expect(giftsHidden({ surprise: true, eventDate: '2030-12-25', revealAt: '2030-12-20' }, at('2030-12-20T00:00:00Z'))).toBe(false);
    expect(giftsHidden({ surprise: true, revealAt: '2030-12-20T18:30:00.000Z' }, at('2030-12-20T18:29:00Z'))).toBe(true);
    expect(giftsHidden({ surprise: true, revealAt: '2030-12-20T18:30:00.000Z' }, at('2030-12-20T18:30:00Z'))).toBe(false);
  });

  it('hides until "Show me anyway" when the list has no date at all', () => {
    expect(giftsHidden({ surprise: true }, at('2099-01-01T00:00:00Z'))).toBe(true);
    expect(giftsHidden({ surprise: true, revealed: true }, at('2030-01-01T00:00:00Z'))).toBe(false);
  });

  it('hides nothing from the keepers of a list for someone else; a couple keeps it', () => {
    expect(giftsHidden({ surprise: true, recipient: 'someone-else' }, at('2030-01-01T00:00:00Z'))).toBe(false);
    expect(giftsHidden({ surprise: true, recipient: 'us' }, at('2030-01-01T00:00:00Z'))).toBe(true);
    expect(giftsHidden({ surprise: true, recipient: 'me' }, at('2030-01-01T00:00:00Z'))).toBe(true);
  });
});

describe('revealAt', () => {
  it('takes a calendar day or an ISO instant with its zone', () => {
    expect(isRevealAt('2030-12-20')).toBe(true);
    expect(isRevealAt('2030-12-20T18:30:00Z')).toBe(true);
    expect(isRevealAt('2030-12-20T18:30+02:00')).toBe(true);
    for (const bad of ['2030-02-30', '2030-12-20T18:30', 'tomorrow', '', 20301220, null]) expect(isRevealAt(bad)).toBe(false);
  });

  it('stores a day as a day and an instant in UTC', () => {
    expect(normalizeRevealAt('2030-12-20')).toBe('2030-12-20');
    expect(normalizeRevealAt('2030-12-20T18:30+02:00')).toBe('2030-12-20T16:30:00.000Z');
    expect(revealTime({ revealAt: '2030-12-20' })?.toISOString()).toBe('2030-12-20T00:00:00.000Z');
    expect(revealTime({})).toBeNull();
  });

  it('refuses anything else with invalid-date, and non-booleans with invalid-boolean', () => {
    const bad = listSurpriseSchema.safeParse({ revealAt: '2030-13-01', surprise: 'yes', revealed: 1 });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries((bad.success ? [] : bad.error.issues).map((i) => [String(i.path[0]), i.message]));
    expect(messages).toEqual({ revealAt: 'invalid-date', surprise: 'invalid-boolean', revealed: 'invalid-boolean' });
    expect(listSurpriseSchema.parse({ revealAt: null })).toEqual({ revealAt: null });
  });
});
