import type { SignInRequestState as RequestState, SignInRequestView } from '@wishlist/contracts';
import { HttpError, type Lang, type Logger, type Mailer } from '@wishlist/service-kit';
import {
  countWrongTry,
  deleteToken,
  insertToken,
  markRefused,
  markValidated,
  revokeByBearerHash,
  tokenByBearerHash,
  tokenById,
  touchToken,
  tokensNamedForLookup,
  unrevokedTokensNamed,
} from '../data/tokens';
import { findUser, userForSignIn } from '../data/users';
import type { TokenDoc } from '../data/models';
import { hashSecret, newSecret, SECRET_PATTERN, sameHash } from './secrets';
import { newDeviceId, newMatchCode, parseDevice, validTimeZone } from './device';
import { signInMail } from './signInMailer';

/** Client-chosen device token names (`t` + ms in the app): safe in a URL path. */
export const TOKEN_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Tokens of one name checked by a validation attempt (a name is not unique, nor a secret). */
const MAX_TOKENS_PER_NAME = 50;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const MESSAGES = {
  tooManyTries: 'There were too many failures in trying to validate your email.',
  incorrect: 'The validation link is incorrect or it expired.',
  dead: 'This sign-in request is no longer valid (expired, refused after too many tries, or revoked). Ask for a new link.',
  notYours: 'This sign-in request does not belong to the token you sent.',
  mailFailed: 'We could not send the sign-in e-mail. Try again in a few minutes.',
};

export interface TokenRules {
  publicUrl: string;
  codeTtlSeconds: number;
  maxTries: number;
  /** Sliding: a validated bearer unused this long expires. */
  bearerTtlDays: number;
  /** Hard maximum, counted from validation, however often the bearer is used. */
  bearerMaxLifetimeDays: number;
}

export interface TokenServiceDeps {
  rules: TokenRules;
  mailer: Mailer;
  logger?: Logger;
  now?: () => Date;
}

type DeadReason = 'refused' | 'revoked' | 'too_many_tries' | 'expired';

function alreadyValidated(): HttpError {
  return new HttpError(409, 'token_already_validated', 'This sign-in was already approved; sign out of that device to end it.');
}

function tooManyTries(): HttpError {
  return new HttpError(400, 'too_many_tries', MESSAGES.tooManyTries);
}

function incorrect(): HttpError {
  return HttpError.unprocessable({ validationCode: MESSAGES.incorrect }, MESSAGES.incorrect);
}

export function createTokenService(deps: TokenServiceDeps) {
  const { rules } = deps;
  const now = deps.now ?? (() => new Date());
  const bearerTtlMs = rules.bearerTtlDays * DAY_MS;
  const bearerMaxMs = rules.bearerMaxLifetimeDays * DAY_MS;
  /** The sliding expiry of a bearer validated at `validatedAt` and used at `at`, capped by the maximum. */
  const expiryAfterUse = (validatedAt: Date, at: Date) =>
    new Date(Math.min(at.getTime() + bearerTtlMs, validatedAt.getTime() + bearerMaxMs));
  const base = rules.publicUrl.replace(/\/+$/, '');

  const deadReason = (t: TokenDoc, at: Date): DeadReason | null => {
    if (t.refusedAt) return 'refused';
    if (t.revokedAt) return 'revoked';
    if (t.validatedAt) return t.expiresAt <= at || t.validatedAt.getTime() + bearerMaxMs <= at.getTime() ? 'expired' : null;
    if (t.failedTries >= rules.maxTries) return 'too_many_tries';
    if (t.codeExpiresAt <= at) return 'expired';
    return null;
  };

  /**
   * The token of a name whose code this is, or throws as PUT answers: 422 malformed or unknown
   * (a wrong code counted against each pending token of the name), 400 once their tries are spent.
   * `withRefused`: a refused token is found too (its page says so).
   */
  const tokenOfCode = async (input: { tokenName: string; validationCode: string }, at: Date, withRefused: boolean): Promise<TokenDoc> => {
    if (!TOKEN_NAME_PATTERN.test(input.tokenName) || !SECRET_PATTERN.test(input.validationCode)) throw incorrect();
    const candidates = withRefused
      ? await tokensNamedForLookup(input.tokenName, MAX_TOKENS_PER_NAME)
      : await unrevokedTokensNamed(input.tokenName, MAX_TOKENS_PER_NAME);
    const codeHash = hashSecret(input.validationCode);
    let match: TokenDoc | undefined;
    // Every candidate is compared, so the time taken says nothing about which one matched.
    for (const t of candidates) if (sameHash(t.codeHash, codeHash) && !match) match = t;
    if (match) return match;

    const pending = candidates.filter((t) => !t.validatedAt && !t.revokedAt);
    const live = pending.filter((t) => t.failedTries < rules.maxTries && t.codeExpiresAt > at);
    if (live.length > 0) {
      // What was read may be stale under concurrency: only a try actually counted (one of the
      // `maxTries`) is answered "incorrect"; once they are spent, every answer is too-many-tries.
      const counted = await countWrongTry(
        live.map((t) => t._id),
        rules.maxTries,
      );
      if (counted === 0) throw tooManyTries();
      throw incorrect();
    }
    if (pending.some((t) => t.failedTries >= rules.maxTries)) throw tooManyTries();
    throw incorrect();
  };

  /** The state of a looked-up token, or the error PUT would give for it. */
  const checkLookup = (t: TokenDoc, at: Date): RequestState => {
    if (t.refusedAt) return 'refused';
    if (t.validatedAt) {
      if (deadReason(t, at)) throw incorrect();
      return 'validated';
    }
    if (t.failedTries >= rules.maxTries) throw tooManyTries();
    if (t.codeExpiresAt <= at) throw incorrect();
    return 'pending';
  };

  const viewOf = (t: TokenDoc, state: RequestState): SignInRequestView => ({
    device: { browser: t.deviceBrowser ?? null, os: t.deviceOs ?? null },
    requestedAt: (t.requestedAt ?? t.createdAt ?? now()).toISOString(),
    timeZone: t.timeZone ?? null,
    matchCode: t.matchCode ?? null,
    state,
  });

  return {
    /**
     * POST /api/tokens: creates the account on a first sign-in, issues a bearer (useless until
     * validated) and e-mails the validation link. Same answer for a known and a new address.
     */
    async signIn(input: {
      email: string;
      tokenName: string;
      lang: Lang;
      userAgent?: string;
      timeZone?: string;
    }): Promise<{ token: string; matchCode: string }> {
      const at = now();
      const user = await userForSignIn(input.email.toLowerCase(), input.lang);
      const bearer = newSecret();
      const code = newSecret();
      const device = parseDevice(input.userAgent);
      const timeZone = validTimeZone(input.timeZone);
      const matchCode = newMatchCode();
      const token = await insertToken({
        requestedAt: at,
        deviceBrowser: device.browser,
        deviceOs: device.os,
        timeZone,
        matchCode,
        deviceId: newDeviceId(),
        userId: user._id,
        name: input.tokenName,
        bearerHash: hashSecret(bearer),
        codeHash: hashSecret(code),
        codeExpiresAt: new Date(at.getTime() + rules.codeTtlSeconds * 1000),
        // Until validated the bearer is refused anyway; this is its life once validated.
        expiresAt: new Date(at.getTime() + bearerTtlMs),
      });
      const link = `${base}/validate-email/${encodeURIComponent(input.tokenName)}/${code}`;
      try {
        await deps.mailer.send(
          signInMail({
            to: input.email,
            lang: input.lang,
            link,
            validitySeconds: rules.codeTtlSeconds,
            request: { device, requestedAt: at, timeZone },
          }),
        );
      } catch (err) {
        deps.logger?.error({ err: (err as Error).message }, 'sign-in mail failed');
        // A token nobody can validate is of no use: leave nothing behind.
        await deleteToken(token._id).catch(() => undefined);
        throw HttpError.serviceUnavailable(MESSAGES.mailFailed, 'mail_unavailable');
      }
      return { token: bearer, matchCode };
    },

    /** GET /api/tokens/{tokenName}: polled by the device waiting for the link to be opened. */
    async status(input: { tokenName: string; bearer: string | undefined }): Promise<{ isValidated: boolean }> {
      const bearer = input.bearer;
      if (!bearer || !SECRET_PATTERN.test(bearer)) throw HttpError.unauthorized(MESSAGES.notYours);
      const token = await tokenByBearerHash(hashSecret(bearer));
      if (!token || token.name !== input.tokenName) throw HttpError.unauthorized(MESSAGES.notYours);
      const reason = deadReason(token, now());
      if (reason) throw new HttpError(410, `token_${reason}`, MESSAGES.dead);
      return { isValidated: Boolean(token.validatedAt) };
    },

    /**
     * PUT /api/tokens: the code of the e-mailed link. 200 validated; 400 once the tries are
     * used up (even with the right code); 422 wrong, expired or unknown.
     */
    async validate(input: { tokenName: string; validationCode: string }): Promise<{ isValidated: true }> {
      const at = now();
      const match = await tokenOfCode(input, at, false);
      if (match.validatedAt) {
        // The link opened twice (or on a second device): still fine while the token lives.
        if (deadReason(match, at)) throw incorrect();
        return { isValidated: true };
      }
      if (match.failedTries >= rules.maxTries) throw tooManyTries();
      if (match.codeExpiresAt <= at) throw incorrect();
      const user = await findUser(String(match.userId));
      if (!user || user.deletedAt) throw incorrect();
      const done = await markValidated(match._id, { now: at, maxTries: rules.maxTries, expiresAt: expiryAfterUse(at, at) });
      if (done) return { isValidated: true };
      // Lost a race (a wrong try, a revocation, another validation): answer from what is stored.
      const fresh = await tokenById(match._id);
      if (fresh?.validatedAt && !fresh.revokedAt) return { isValidated: true };
      if (fresh && fresh.failedTries >= rules.maxTries) throw tooManyTries();
      throw incorrect();
    },

    /**
     * POST /api/tokens/request: what the link's page shows before anyone approves (who asked,
     * when, the match code). Changes nothing but the count of wrong codes, which it shares with
     * PUT, and answers wrong, expired and spent codes exactly as PUT does.
     */
    async describe(input: { tokenName: string; validationCode: string }): Promise<SignInRequestView> {
      const at = now();
      const match = await tokenOfCode(input, at, true);
      return viewOf(match, checkLookup(match, at));
    },

    /**
     * POST /api/tokens/refusal: "this was not me" from the link's page. The pending token is
     * revoked; its bearer's polling then answers 410 token_refused. Refusing twice is fine.
     */
    async refuse(input: { tokenName: string; validationCode: string }): Promise<{ state: 'refused' }> {
      const at = now();
      const match = await tokenOfCode(input, at, true);
      const state = checkLookup(match, at);
      if (state === 'refused') return { state };
      if (state === 'validated') throw alreadyValidated();
      if (await markRefused(match._id, { now: at, maxTries: rules.maxTries })) return { state: 'refused' };
      const fresh = await tokenById(match._id);
      if (fresh?.refusedAt) return { state: 'refused' };
      if (fresh?.validatedAt && !fresh.revokedAt) throw alreadyValidated();
      if (fresh && fresh.failedTries >= rules.maxTries) throw tooManyTries();
      throw incorrect();
    },

    /** DELETE /api/tokens: the bearer stops working (at the gateway within its 2 s cache). */
    async revoke(bearer: string): Promise<void> {
      if (!SECRET_PATTERN.test(bearer)) return;
      await revokeByBearerHash(hashSecret(bearer), now());
    },

    /** /internal/introspect: who a bearer belongs to, or null when it must be refused. */
    async introspect(bearer: string): Promise<{ userId: string; lang: Lang } | null> {
      if (!SECRET_PATTERN.test(bearer)) return null;
      const at = now();
      const token = await tokenByBearerHash(hashSecret(bearer));
      if (!token || !token.validatedAt || deadReason(token, at)) return null;
      const user = await findUser(String(token.userId));
      if (!user || user.deletedAt) return null;
      // Last seen and the sliding expiry, written together at most once an hour per token (the
      // expiry then lags by at most an hour, nothing next to days).
      if (!token.lastSeenAt || at.getTime() - token.lastSeenAt.getTime() >= HOUR_MS) {
        await touchToken(token._id, { lastSeenAt: at, expiresAt: expiryAfterUse(token.validatedAt, at) });
      }
      return { userId: String(user._id), lang: user.lang === 'fr' ? 'fr' : 'en' };
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
