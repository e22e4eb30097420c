import { z } from 'zod';
import { commonSettings, defineConfig, schemas, setting, type ConfigOf, type Env } from '@wishlist/service-kit';

const DEFAULT_LISTS_URL = 'http://127.0.0.1:4002';
const DEFAULT_OFFERS_URL = 'http://127.0.0.1:4003';
/** LISTS_URL / OFFERS_URL naming several copies (comma-separated) as one ERASURE_TARGETS entry. */
const copies = (urls: string) => urls.split(',').map((u) => u.trim()).filter(Boolean).join('|');

/**
 * `name=url` pairs, comma separated: the services told to erase a person's data when the account
 * is deleted (each answers `POST {url}/internal/users/{userId}/erase`). A service run as several
 * copies may name each, separated by `|` (`lists=http://lists-a:4002|http://lists-b:4002`); `url`
 * is then the comma-separated list internalClient takes.
 */
const erasureTargetsSchema = z.string().transform((raw, ctx) => {
  const targets: { name: string; url: string }[] = [];
  for (const part of raw.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^([a-z][a-z0-9-]*)=(\S+)$/.exec(part);
    const urls = m ? m[2].split('|').map((u) => u.replace(/\/+$/, '')) : [];
    if (!m || urls.some((u) => !z.url().safeParse(u).success)) {
      ctx.addIssue({ code: 'custom', message: `"${part}" is not name=http(s)://url` });
      return z.NEVER;
    }
    if (targets.some((t) => t.name === m[1])) {
      ctx.addIssue({ code: 'custom', message: `"${m[1]}" is listed twice` });
      return z.NEVER;
    }
    targets.push({ name: m[1], url: urls.join(',') });
  }
  return targets;
});

export const authConfig = defineConfig('auth', {
  ...commonSettings({ port: 4001, sendsMail: true }),
  validationCodeTtlSeconds: setting('VALIDATION_CODE_TTL_SECONDS', schemas.positiveInt, '3600', {
    description: 'how long the e-mailed validation link works',
  }),
  maxValidationTries: setting('MAX_VALIDATION_TRIES', schemas.positiveInt, '5', {
    description: 'wrong codes allowed per token; the next attempt answers 400 too-many-tries',
  }),
  bearerTtlDays: setting('BEARER_TTL_DAYS', schemas.positiveInt, '90', {
    description: 'a validated bearer unused for this long expires (sliding)',
  }),
  bearerMaxLifetimeDays: setting('BEARER_MAX_LIFETIME_DAYS', schemas.positiveInt, '365', {
    description: 'a validated bearer expires this long after its validation, however often it is used',
  }),
  signinRateWindowSeconds: setting('SIGNIN_RATE_WINDOW_SECONDS', schemas.positiveInt, '900'),
  signinRatePerAddress: setting('SIGNIN_RATE_PER_ADDRESS', schemas.positiveInt, '5', {
    description: 'POST /api/tokens per e-mail address and window',
  }),
  signinRatePerClient: setting('SIGNIN_RATE_PER_CLIENT', schemas.positiveInt, '30', {
    description: 'POST /api/tokens per client IP and window',
  }),
  validateRatePerClient: setting('VALIDATE_RATE_PER_CLIENT', schemas.positiveInt, '60', {
    description: 'PUT /api/tokens per client IP and window',
  }),
  // The upstreams, validated here so a bad one is reported under its own name; ERASURE_TARGETS
  // derives from them unless set.
  listsUrl: setting('LISTS_URL', schemas.urls, DEFAULT_LISTS_URL, { description: 'the lists service (account erasure)' }),
  offersUrl: setting('OFFERS_URL', schemas.urls, DEFAULT_OFFERS_URL, { description: 'the offers service (account erasure)' }),
  erasureTargets: setting(
    'ERASURE_TARGETS',
    erasureTargetsSchema,
    (env: Env) => `lists=${copies(env.LISTS_URL || DEFAULT_LISTS_URL)},offers=${copies(env.OFFERS_URL || DEFAULT_OFFERS_URL)}`,
    { description: 'name=url,... services told to erase a deleted account (default: LISTS_URL and OFFERS_URL)' },
  ),
  erasureRetrySeconds: setting('ERASURE_RETRY_SECONDS', schemas.positiveInt, '30', {
    description: 'first retry delay of a failed erasure call (doubles up to an hour)',
  }),
  internalTimeoutMs: setting('INTERNAL_TIMEOUT_MS', schemas.positiveInt, '3000'),
});

export type AuthConfig = ConfigOf<typeof authConfig>;
