import {
  createMailer,
  createRateLimit,
  createService,
  HttpError,
  requireIdentity,
  requireService,
  validateFields,
  validateShape,
  type Logger,
  type Mailer,
  type Service,
} from '@wishlist/service-kit';
import type { Request } from 'express';
import type { AuthConfig } from '../config';
import { findUser } from '../data/users';
import { createAccountService } from '../domain/accounts';
import { createDeviceService } from '../domain/devices';
import { createErasureWorker, type ErasureWorker } from '../domain/erasures';
import { pickLanguage } from '../domain/language';
import { createTokenService } from '../domain/tokens';
import {
  createTokenShape,
  createTokenFields,
  deviceIdParams,
  introspectShape,
  revokeTokenShape,
  tokenNameParams,
  userIdParams,
  validateTokenShape,
} from './requests';

export interface AuthService extends Service {
  erasures: ErasureWorker;
  /** Stops the erasure retry timer (main.ts calls it at shutdown). */
  stop(): Promise<void>;
}

export interface AuthDeps {
  mailer?: Mailer;
  logger?: Logger;
  now?: () => Date;
  /** Whether to start the erasure retry timer (default true). */
  startWorker?: boolean;
}

function bearerOf(req: Request): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return m?.[1];
}

/** The auth service (ARCHITECTURE §4): tokens, accounts, introspection for the gateway. */
export function createAuthService(config: AuthConfig, deps: AuthDeps = {}): AuthService {
  let erasures: ErasureWorker | undefined;
  const service = createService({
    name: 'auth',
    config,
    logger: deps.logger,
    routes(router, { logger }) {
      const mailer = deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom, logger });
      const tokens = createTokenService({
        rules: {
          publicUrl: config.publicUrl,
          codeTtlSeconds: config.validationCodeTtlSeconds,
          maxTries: config.maxValidationTries,
          bearerTtlDays: config.bearerTtlDays,
          bearerMaxLifetimeDays: config.bearerMaxLifetimeDays,
        },
        mailer,
        logger,
        now: deps.now,
      });
      erasures = createErasureWorker({
        targets: config.erasureTargets,
        retryMs: config.erasureRetrySeconds * 1000,
        timeoutMs: config.internalTimeoutMs,
        logger,
        now: deps.now,
      });
      const accounts = createAccountService({ erasures, now: deps.now });
      const devices = createDeviceService({ bearerMaxLifetimeDays: config.bearerMaxLifetimeDays, now: deps.now });

      const windowMs = config.signinRateWindowSeconds * 1000;
      const signInPerClient = createRateLimit({
        name: 'sign-in-per-client',
        windowMs,
        limit: config.signinRatePerClient,
        message: 'Too many sign-in requests from your network. Try again in a few minutes.',
      });
      const signInPerAddress = createRateLimit({
        name: 'sign-in-per-address',
        windowMs,
        limit: config.signinRatePerAddress,
        message: 'Too many sign-in links were asked for this address. Check your e-mails, or try again in a few minutes.',
        key: (req) => `address:${String((req.body as { email?: unknown })?.email ?? '').toLowerCase()}`,
      });
      const validatePerClient = createRateLimit({
        name: 'validate-per-client',
        windowMs,
        limit: config.validateRatePerClient,
        message: 'Too many validation attempts from your network. Try again in a few minutes.',
      });

      router.post(
        '/api/tokens',
        signInPerClient,
        validateShape({ body: createTokenShape }),
        validateFields(createTokenFields),
        signInPerAddress,
        async (req, res) => {
          const body = req.body as { email: string; tokenName: string; language?: 'en' | 'fr'; timeZone?: string };
          const lang = pickLanguage(body.language, req.headers['accept-language']);
          const result = await tokens.signIn({
            email: body.email,
            tokenName: body.tokenName,
            lang,
            userAgent: req.headers['user-agent'],
            timeZone: body.timeZone,
          });
          res.setHeader('Cache-Control', 'no-store');
          res.status(201).json(result);
        },
      );

      router.get('/api/tokens/:tokenName', validateShape({ params: tokenNameParams }), async (req, res) => {
        const result = await tokens.status({ tokenName: String(req.params.tokenName), bearer: bearerOf(req) });
        res.setHeader('Cache-Control', 'no-store');
        res.json(result);
      });

      router.put('/api/tokens', validatePerClient, validateShape({ body: validateTokenShape }), async (req, res) => {
        const body = req.body as { tokenName: string; validationCode: string };
        res.json(await tokens.validate({ tokenName: body.tokenName.trim(), validationCode: body.validationCode.trim() }));
      });

      // The page opened from the e-mail: what it approves, and "this was not me". They share PUT's
      // rate limit and its count of wrong codes, so they are no way around either.
      router.post('/api/tokens/request', validatePerClient, validateShape({ body: validateTokenShape }), async (req, res) => {
        const body = req.body as { tokenName: string; validationCode: string };
        res.setHeader('Cache-Control', 'no-store');
        res.json({ data: await tokens.describe({ tokenName: body.tokenName.trim(), validationCode: body.validationCode.trim() }) });
      });

      router.post('/api/tokens/refusal', validatePerClient, validateShape({ body: validateTokenShape }), async (req, res) => {
        const body = req.body as { tokenName: string; validationCode: string };
        res.setHeader('Cache-Control', 'no-store');
        res.json({ data: await tokens.refuse({ tokenName: body.tokenName.trim(), validationCode: body.validationCode.trim() }) });
      });

      router.delete('/api/tokens', validateShape({ body: revokeTokenShape }), async (req, res) => {
        await tokens.revoke((req.body as { token: string }).token.trim());
        res.status(204).end();
      });

      router.delete('/api/accounts', requireIdentity(), async (req, res) => {
        await accounts.deleteAccount(req.identity!.userId);
        res.status(204).end();
      });

      // The account page: the person's signed-in devices. The gateway passes the bearer on to
      // this service only, so the device the request came from can be marked.
      router.get('/api/accounts/devices', requireIdentity(), async (req, res) => {
        res.setHeader('Cache-Control', 'no-store');
        res.json({ data: await devices.list(req.identity!.userId, bearerOf(req)) });
      });

      router.delete('/api/accounts/devices/:deviceId', requireIdentity(), validateShape({ params: deviceIdParams }), async (req, res) => {
        await devices.end(req.identity!.userId, String(req.params.deviceId));
        res.status(204).end();
      });

      router.post('/internal/introspect', requireService(['gateway']), validateShape({ body: introspectShape }), async (req, res) => {
        const identity = await tokens.introspect((req.body as { token: string }).token);
        if (!identity) throw HttpError.unauthorized('This bearer is not valid.', 'invalid_token');
        res.setHeader('Cache-Control', 'no-store');
        res.json({ data: identity });
      });

      // The offers service e-mails the owner of offered products in their language; the lists
      // service e-mails occasion reminders to the people who follow a list.
      router.get('/internal/users/:userId', requireService(['offers', 'lists']), validateShape({ params: userIdParams }), async (req, res) => {
        const user = await findUser(String(req.params.userId));
        if (!user || user.deletedAt || typeof user.email !== 'string') throw HttpError.notFound('No such user.', 'unknown_user');
        res.setHeader('Cache-Control', 'no-store');
        res.json({ data: { email: user.email, lang: user.lang } });
      });
    },
  });
  const worker = erasures!;
  if (deps.startWorker ?? true) worker.start();
  return { ...service, erasures: worker, stop: () => worker.stop() };
}
