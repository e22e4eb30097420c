import request from 'supertest';
import type { Mail, Mailer } from '@wishlist/service-kit';
import { authConfig, type AuthConfig } from '../config';
import { createAuthService, type AuthService } from '../http/app';

/** A clock the tests move by hand (code expiry, bearer expiry, erasure retries). */
export function testClock(start = Date.now()) {
  let t = start;
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}

/** A mailer that keeps what it is given. */
export function capturingMailer(): Mailer & { sent: Mail[]; failNext: boolean } {
  const m = {
    mode: 'outbox' as const,
    sent: [] as Mail[],
    failNext: false,
    async send(mail: Mail) {
      if (m.failNext) {
        m.failNext = false;
        throw new Error('SMTP down');
      }
      m.sent.push(mail);
    },
    close: () => undefined,
  };
  return m;
}

export const PUBLIC_URL = 'http://wishlist.test';

export function testConfig(env: Record<string, string> = {}): AuthConfig {
  return authConfig.load({
    NODE_ENV: 'test',
    PUBLIC_URL,
    ERASURE_TARGETS: 'lists=http://127.0.0.1:9',
    SIGNIN_RATE_PER_ADDRESS: '1000',
    SIGNIN_RATE_PER_CLIENT: '1000',
    VALIDATE_RATE_PER_CLIENT: '1000',
    ...env,
  });
}

export interface Harness {
  auth: AuthService;
  mailer: ReturnType<typeof capturingMailer>;
  clock: ReturnType<typeof testClock>;
  /** POST /api/tokens and the code read from the mail. */
  signIn(email: string, tokenName?: string, extra?: Record<string, unknown>): Promise<{ bearer: string; tokenName: string; code: string; link: string }>;
  validate(tokenName: string, validationCode: string): Promise<request.Response>;
}

let counter = 0;

export function harness(env: Record<string, string> = {}): Harness {
  const mailer = capturingMailer();
  const clock = testClock();
  const auth = createAuthService(testConfig(env), { mailer, now: clock.now, startWorker: false });
  return {
    auth,
    mailer,
    clock,
    async signIn(email, tokenName = `t${Date.now()}${(counter += 1)}`, extra = {}) {
      const before = mailer.sent.length;
      const res = await request(auth.app).post('/api/tokens').send({ email, tokenName, ...extra });
      if (res.status !== 201) throw new Error(`sign-in answered ${res.status} ${JSON.stringify(res.body)}`);
      const mail = mailer.sent[before];
      const m = /(http:\/\/\S+\/validate-email\/([^/\s]+)\/([A-Za-z0-9_-]+))/.exec(mail.text);
      if (!m) throw new Error(`no link in ${mail.text}`);
      return { bearer: res.body.token, tokenName: decodeURIComponent(m[2]), code: m[3], link: m[1] };
    },
    validate(tokenName, validationCode) {
      return request(auth.app).put('/api/tokens').send({ tokenName, validationCode });
    },
  };
}
