import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { createGateway } from './app';
import { PERMISSIONS_POLICY, precomputed } from './security';
import { configFor, makeFrontends } from './test-support/fixtures';

function appWith(mw: RequestHandler) {
  const app = express();
  app.use(mw);
  app.get('/', (_req, res) => {
    res.setHeader('X-Powered-By', 'should go');
    res.send('ok');
  });
  return app;
}

const headersOf = (res: request.Response) => {
  const { date: _date, ...rest } = res.headers as Record<string, string>;
  return rest;
};

describe('precomputed (helmet taken once, replayed per request)', () => {
  it.each([
    ['defaults', {}],
    [
      'a strict CSP, HSTS on',
      {
        contentSecurityPolicy: {
          useDefaults: false,
          directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:', 'https:'], frameAncestors: ["'none'"], upgradeInsecureRequests: [] },
        },
        strictTransportSecurity: true,
      },
    ],
    ['HSTS off', { strictTransportSecurity: false }],
  ])('sets exactly what helmet sets (%s)', async (_name, options) => {
    const expected = await request(appWith(helmet(options))).get('/');
    const actual = await request(appWith(precomputed(helmet(options)))).get('/');
    expect(headersOf(actual)).toEqual(headersOf(expected));
    expect(actual.headers['content-security-policy']).toBeDefined();
  });

  it('keeps removing X-Powered-By set before it runs', async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.setHeader('X-Powered-By', 'Express');
      next();
    });
    app.use(precomputed(helmet()));
    app.get('/', (_req, res) => {
      res.end();
    });
    expect((await request(app).get('/')).headers['x-powered-by']).toBeUndefined();
  });

  it('refuses a middleware that does not answer at once with plain headers', () => {
    expect(() => precomputed(() => undefined)).toThrow(/next/);
    expect(() =>
      precomputed((_req, res, next) => {
        res.setHeader('X-Count', 1);
        next();
      }),
    ).toThrow(/plain string/);
  });
});

describe('Permissions-Policy', () => {
  it('turns camera, microphone, geolocation, payment and USB off on every answer: pages, API, errors', async () => {
    const fe = makeFrontends();
    try {
      const app = createGateway(configFor(fe.root), { shout: () => undefined }).handler;
      for (const path of ['/', '/en', '/api/health', '/api/nothing', '/remotes.json']) {
        const res = await request(app).get(path);
        expect([path, res.headers['permissions-policy']]).toEqual([path, PERMISSIONS_POLICY]);
      }
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment']) expect(PERMISSIONS_POLICY).toContain(`${feature}=()`);
    } finally {
      fe.cleanup();
    }
  });
});
