import { z } from 'zod';
import { ConfigError, commonSettings, defineConfig, loadForStart, schemas, setting } from './config';

const demo = defineConfig('demo', {
  ...commonSettings({ port: 4010 }),
  upstream: setting('UPSTREAM_URL', schemas.url, 'http://127.0.0.1:4002'),
  retries: setting('RETRIES', z.coerce.number().int().min(0), '3'),
});

describe('defineConfig', () => {
  it('applies defaults when nothing is set', () => {
    const c = demo.load({});
    expect(c.port).toBe(4010);
    expect(c.dataDir).toBe('./.data');
    expect(c.mongodbUri).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.upstream).toBe('http://127.0.0.1:4002');
    expect(c.retries).toBe(3);
    expect(c.host).toBe('127.0.0.1');
  });

  it('listens on loopback unless HOST names an IP address or a host name', () => {
    for (const host of ['0.0.0.0', '::', '::1', '192.168.1.20', 'gateway', 'wishlist.example.org']) {
      expect(demo.load({ HOST: host }).host).toBe(host);
    }
    for (const host of ['http://0.0.0.0', '0.0.0.0:8080', 'two words', '999.1.1.1', '-dash']) {
      expect(() => demo.load({ HOST: host })).toThrow(/HOST: must be an IP address/);
    }
  });

  it('reads every key from its env name, empty strings meaning unset', () => {
    const c = demo.load({ PORT: '5000', MONGODB_URI: 'mongodb://db:27017', RETRIES: '', PUBLIC_URL: 'https://wish.example' });
    expect(c.port).toBe(5000);
    expect(c.mongodbUri).toBe('mongodb://db:27017');
    expect(c.retries).toBe(3);
    expect(c.publicUrl).toBe('https://wish.example');
  });

  it('fails fast listing every bad key, without echoing secrets', () => {
    let error: unknown;
    try {
      demo.load({ PORT: 'abc', UPSTREAM_URL: 'not a url', IDENTITY_SECRET: 'short-secret' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toHaveLength(3);
    expect(message).toMatch(/PORT: .*"abc"/);
    expect(message).toMatch(/UPSTREAM_URL/);
    expect(message).toMatch(/IDENTITY_SECRET: must be at least 32 characters/);
    expect(message).not.toContain('short-secret');
  });

  it('describes its keys', () => {
    expect(demo.describe()).toContain('PORT=4010');
    expect(demo.describe()).toContain('MONGODB_URI=(unset)');
  });
});

describe('loadForStart: what production needs', () => {
  const mailing = defineConfig('mailing', { ...commonSettings({ port: 4010, sendsMail: true }) });
  const quiet = defineConfig('quiet', { ...commonSettings({ port: 4010 }) });
  const problemsOf = (fn: () => unknown): string[] => {
    try {
      fn();
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
    return [];
  };
  const complete = {
    NODE_ENV: 'production',
    IDENTITY_SECRET: 'k'.repeat(40),
    PUBLIC_URL: 'https://wishlist.example',
    SMTP_URL: 'smtp://mail:25',
    MONGODB_URI: 'mongodb://db:27017',
  };

  it('needs nothing outside production: npm start and npm run dev run with no settings', () => {
    expect(loadForStart(mailing, 'mailing', { usesDatabase: true }, {}).smtpUrl).toBeUndefined();
    expect(loadForStart(mailing, 'mailing', { usesDatabase: true }, { NODE_ENV: 'development' }).publicUrl).toBe('http://localhost:8080');
  });

  it('names every missing variable in one error, in production', () => {
    const problems = problemsOf(() => loadForStart(mailing, 'mailing', { usesDatabase: true }, { NODE_ENV: 'production' }));
    expect(problems.map((p) => p.split(':')[0])).toEqual(['PUBLIC_URL', 'IDENTITY_SECRET', 'SMTP_URL', 'MONGODB_URI']);
    for (const p of problems) expect(p).toMatch(/must be set in production \(.+\)$/);
  });

  it('asks mail settings only of a box that sends mail, and MONGODB_URI only of one that keeps data', () => {
    const problems = problemsOf(() => loadForStart(quiet, 'quiet', { usesDatabase: false }, { NODE_ENV: 'production' }));
    expect(problems).toEqual([expect.stringMatching(/^IDENTITY_SECRET: must be set in production/)]);
  });

  it('treats an empty value as missing, and reports bad values beside missing ones', () => {
    const problems = problemsOf(() =>
      loadForStart(mailing, 'mailing', { usesDatabase: true }, { ...complete, SMTP_URL: '', PORT: 'eighty', IDENTITY_SECRET: 'short' }),
    );
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['IDENTITY_SECRET', 'PORT', 'SMTP_URL']);
    expect(problems.join('\n')).not.toContain('short');
  });

  it('starts with every production variable given', () => {
    const c = loadForStart(mailing, 'mailing', { usesDatabase: true }, complete);
    expect(c.publicUrl).toBe('https://wishlist.example');
    expect(c.smtpUrl).toBe('smtp://mail:25');
  });
});
