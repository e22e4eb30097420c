import { Tally } from './client';
import { judgeRace } from './race';
import { formatSummary } from './summary';

it('prints each check with its failures over its total, and a verdict', () => {
  const ok = new Tally();
  for (let i = 0; i < 40; i++) ok.record(true, 'x');
  const bad = new Tally();
  bad.record(true, 'x');
  bad.expect({ status: 503, body: { error: { code: 'service_unavailable' } } }, 200, 'PATCH list');
  bad.expect({ status: 0, body: undefined, error: 'ECONNRESET' }, 200, 'GET list');
  const text = formatSummary([
    { name: 'journeys', tally: ok, seconds: 1.25 },
    { name: 'rolling restart', tally: bad, seconds: 60, note: '6 clients' },
  ]);
  expect(text).toContain('PASS  journeys         0/40 failed  (1.3 s)');
  expect(text).toContain('FAIL  rolling restart  2/3 failed  (60.0 s)');
  expect(text).toContain('      6 clients');
  expect(text).toContain('      - PATCH list: 503 service_unavailable');
  expect(text).toContain('      - GET list: 0 ECONNRESET');
  expect(text.split('\n').at(-1)).toBe('1 of 2 checks failed');
});

it('fails a check that checked nothing', () => {
  expect(formatSummary([{ name: 'empty', tally: new Tally(), seconds: 0 }])).toContain('FAIL  empty       0/0 failed (nothing was checked)');
});

it('judges a race: one acceptance, every other offer refused with 409', () => {
  expect(judgeRace([409, 201, 409])).toEqual({ winners: 1, refused: 2, other: [] });
  expect(judgeRace([201, 201, 409])).toMatchObject({ winners: 2 });
  expect(judgeRace([201, 503])).toMatchObject({ winners: 1, other: [503] });
});
