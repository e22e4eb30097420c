import { describeDevice, MATCH_CODE_PATTERN, newMatchCode, parseDevice, validTimeZone } from './device';

describe('parseDevice', () => {
  it('names the browser and the system of common User-Agent headers', () => {
    expect(parseDevice('Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0')).toEqual({ browser: 'Firefox', os: 'Android' });
    expect(
      parseDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'),
    ).toEqual({ browser: 'Safari', os: 'iOS' });
    expect(parseDevice('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36')).toEqual({
      browser: 'Chrome',
      os: 'Linux',
    });
  });

  it('says nothing it does not know', () => {
    expect(parseDevice(undefined)).toEqual({ browser: null, os: null });
    expect(parseDevice('')).toEqual({ browser: null, os: null });
    expect(parseDevice('curl/8.5.0').os).toBeNull();
  });

  it('keeps only printable name characters, and short', () => {
    const d = parseDevice(`<script>${'x'.repeat(2000)}`);
    expect(JSON.stringify(d)).not.toContain('<');
    expect((d.browser ?? '').length).toBeLessThanOrEqual(40);
  });
});

describe('describeDevice', () => {
  it('reads well in both languages', () => {
    expect(describeDevice({ browser: 'Firefox', os: 'Android' }, 'en')).toBe('Firefox on Android');
    expect(describeDevice({ browser: 'Firefox', os: 'Android' }, 'fr')).toBe('Firefox sur Android');
    expect(describeDevice({ browser: null, os: 'Windows' }, 'en')).toBe('a browser on Windows');
    expect(describeDevice({ browser: 'Edge', os: null }, 'fr')).toBe('Edge');
    expect(describeDevice({ browser: null, os: null }, 'en')).toBe('an unknown browser');
    expect(describeDevice({ browser: null, os: null }, 'fr')).toBe('un navigateur inconnu');
  });
});

describe('validTimeZone', () => {
  it('accepts IANA names and ignores anything else', () => {
    expect(validTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(validTimeZone('UTC')).toBe('UTC');
    for (const bad of [undefined, '', 'Mars/Olympus', 'Europe/Paris\n', '<b>', 'x'.repeat(200)]) expect(validTimeZone(bad)).toBeNull();
  });
});

describe('newMatchCode', () => {
  it('is 4 digits, and not always the same', () => {
    const codes = new Set(Array.from({ length: 50 }, () => newMatchCode()));
    for (const c of codes) expect(c).toMatch(MATCH_CODE_PATTERN);
    expect(codes.size).toBeGreaterThan(1);
  });
});
