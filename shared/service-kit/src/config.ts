import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * One configuration key: the environment variable it is read from, the zod schema that parses
 * the raw string, and its default (the string you would write in the environment, or
 * `undefined` for "unset"). A default may be computed from the other raw variables.
 */
export interface Setting<S extends z.ZodType = z.ZodType> {
  env: string;
  schema: S;
  default: string | undefined | ((env: Env) => string | undefined);
  description?: string;
  /** Hides the value in error messages (secrets). */
  secret?: boolean;
  /**
   * Set when the default is only good for development: with NODE_ENV=production the process
   * refuses to start unless the variable is given. The text says what the value is for.
   */
  production?: string;
}

export type Env = Record<string, string | undefined>;
export type SettingsSpec = Record<string, Setting>;
export type ConfigOf<T extends SettingsSpec | ConfigDefinition<SettingsSpec>> =
  T extends ConfigDefinition<infer S> ? ConfigValues<S> : T extends SettingsSpec ? ConfigValues<T> : never;
export type ConfigValues<S extends SettingsSpec> = { readonly [K in keyof S]: z.output<S[K]['schema']> };

export function setting<S extends z.ZodType>(
  env: string,
  schema: S,
  defaultValue: Setting['default'],
  options: { description?: string; secret?: boolean; production?: string } = {},
): Setting<S> {
  return { env, schema, default: defaultValue, ...options };
}

export class ConfigError extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(`Invalid configuration for ${service}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export interface ConfigDefinition<S extends SettingsSpec> {
  readonly settings: S;
  /** Reads and validates every key; throws a ConfigError that lists every bad key. */
  load(env?: Env): ConfigValues<S>;
  /** Human-readable table of keys, env names and defaults (for READMEs and --help). */
  describe(): string;
}

export function defineConfig<S extends SettingsSpec>(service: string, settings: S): ConfigDefinition<S> {
  return {
    settings,
    load(env: Env = process.env) {
      const values: Record<string, unknown> = {};
      const problems: string[] = [];
      for (const [key, s] of Object.entries(settings)) {
        const given = env[s.env];
        const raw =
          given !== undefined && given !== '' ? given : typeof s.default === 'function' ? s.default(env) : s.default;
        const parsed = s.schema.safeParse(raw);
        if (parsed.success) {
          values[key] = parsed.data;
        } else {
          const why = parsed.error.issues.map((i) => i.message).join('; ');
          const shown = s.secret || raw === undefined ? '' : ` (got ${JSON.stringify(raw)})`;
          problems.push(`${s.env}: ${why}${shown}`);
        }
      }
      if (problems.length > 0) throw new ConfigError(service, problems);
      return Object.freeze(values) as ConfigValues<S>;
    },
    describe() {
      return Object.values(settings)
        .map((s) => {
          const d = typeof s.default === 'function' ? '(computed)' : s.default === undefined ? '(unset)' : s.default;
          return `${s.env}=${d}${s.description ? `  # ${s.description}` : ''}`;
        })
        .join('\n');
    },
  };
}

/** Whether a variable was given (an empty value counts as unset, as in load). */
const given = (env: Env, name: string) => env[name] !== undefined && env[name] !== '';

/**
 * The variables a production process (NODE_ENV=production, as in every image) must be given
 * instead of the development fallbacks, one line each: the settings marked `production`, and
 * MONGODB_URI for a process that keeps data (the embedded engine is not in the images, nor meant
 * to hold production data). Empty outside production.
 */
export function productionProblems(settings: SettingsSpec, env: Env, options: { usesDatabase: boolean }): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  for (const s of Object.values(settings)) {
    if (s.production && !given(env, s.env)) problems.push(`${s.env}: must be set in production (${s.production})`);
  }
  if (options.usesDatabase && !given(env, 'MONGODB_URI')) {
    problems.push('MONGODB_URI: must be set in production (the embedded engine is for development only)');
  }
  return problems;
}

/**
 * The config as a process starts with it: every bad value and, in production, every missing
 * variable (productionProblems), reported together in one ConfigError.
 */
export function loadForStart<S extends SettingsSpec>(
  definition: ConfigDefinition<S>,
  service: string,
  options: { usesDatabase: boolean },
  env: Env = process.env,
): ConfigValues<S> {
  const missing = productionProblems(definition.settings, env, options);
  let values: ConfigValues<S> | undefined;
  let bad: string[] = [];
  try {
    values = definition.load(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    bad = err.problems;
  }
  // A missing variable is reported once, not also as the bad value its absence gave.
  const variable = (problem: string) => problem.slice(0, problem.indexOf(':'));
  const named = new Set(missing.map(variable));
  const problems = [...missing, ...bad.filter((p) => !named.has(variable(p)))];
  if (problems.length > 0 || values === undefined) throw new ConfigError(service, problems);
  return values;
}

const portSchema = z.coerce.number().int().min(0).max(65535);
const booleanSchema = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const urlSchema = z.url();

/** Reusable schemas for settings. */
export const schemas = {
  port: portSchema,
  boolean: booleanSchema,
  url: urlSchema,
  /** One URL, or several separated by commas (every copy of a service, called in turn by internalClient). */
  urls: z
    .string()
    .refine((v) => {
      const parts = v.split(',').map((u) => u.trim()).filter(Boolean);
      return parts.length > 0 && parts.every((u) => urlSchema.safeParse(u).success);
    }, 'must be a URL, or several URLs separated by commas'),
  optionalUrl: urlSchema.optional(),
  optionalString: z.string().min(1).optional(),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  positiveInt: z.coerce.number().int().positive(),
  /** An address to listen on: an IPv4/IPv6 literal (`0.0.0.0`, `::`, `192.168.1.20`) or a host name. */
  host: z
    .string()
    .refine(
      (v) => isIP(v) !== 0 || (!/^[\d.]+$/.test(v) && z.hostname().safeParse(v).success),
      'must be an IP address (127.0.0.1, 0.0.0.0, ::) or a host name',
    ),
};

/**
 * The keys every service reads (ARCHITECTURE §7). `port` is the service's own default port;
 * `PUBLIC_URL` defaults to the gateway's address (`http://localhost:$GATEWAY_PORT`, 8080).
 * A service that sends mail (`sendsMail`) must be given SMTP_URL and PUBLIC_URL in production:
 * the local outbox reaches nobody, and its links would point at localhost. IDENTITY_SECRET is
 * needed by every box: a per-process random key would make every assertion between them fail.
 */
export function commonSettings(options: { port: number; sendsMail?: boolean }) {
  const mail = options.sendsMail ?? false;
  return {
    port: setting('PORT', portSchema, String(options.port), { description: 'port this process listens on' }),
    host: setting('HOST', schemas.host, '127.0.0.1', {
      description: 'address this process listens on (0.0.0.0: every interface, as in docker compose)',
    }),
    nodeEnv: setting('NODE_ENV', z.enum(['development', 'production', 'test']), 'development'),
    dataDir: setting('DATA_DIR', z.string().min(1), './.data', {
      description: 'embedded engine files and the local mail outbox',
    }),
    mongodbUri: setting('MONGODB_URI', z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URI').optional(), undefined, {
      description: 'a real MongoDB; unset starts the embedded engine',
      secret: true,
    }),
    mongodbPoolSize: setting('MONGODB_POOL_SIZE', z.coerce.number().int().min(1).max(500), '20', {
      description: 'database connections one copy of a service keeps at most (each copy has its own pool)',
    }),
    publicUrl: setting('PUBLIC_URL', urlSchema, (env) => `http://localhost:${env.GATEWAY_PORT || '8080'}`, {
      description: 'base of links in e-mails and share links',
      ...(mail ? { production: 'the base of the links in its mails' } : {}),
    }),
    identitySecret: setting('IDENTITY_SECRET', z.string().min(32, 'must be at least 32 characters').optional(), undefined, {
      description: 'HS256 key of the gateway identity assertions (shared by every process)',
      secret: true,
      production: 'the same key for the gateway and every service',
    }),
    smtpUrl: setting('SMTP_URL', z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(), undefined, {
      description: 'a real SMTP server; unset writes mails to the local outbox',
      secret: true,
      ...(mail ? { production: 'the local outbox reaches nobody' } : {}),
    }),
    mailFrom: setting('MAIL_FROM', z.string().min(3), 'Wishlist <no-reply@wishlist.local>'),
    metricsPort: setting('METRICS_PORT', portSchema.optional(), undefined, {
      description: 'serve GET /metrics on this port instead of the main one',
    }),
    shutdownGraceMs: setting('SHUTDOWN_GRACE_MS', schemas.positiveInt, '10000', {
      description: 'at SIGTERM, how long requests in flight may take to finish before their connections are closed',
    }),
    shutdownDelayMs: setting('SHUTDOWN_DELAY_MS', z.coerce.number().int().min(0), '0', {
      description: 'at SIGTERM, how long the process answers not-ready (GET /health/ready 503) before it stops accepting connections',
    }),
    logLevel: setting('LOG_LEVEL', schemas.logLevel, (env) =>
      env.NODE_ENV === 'test' || env.JEST_WORKER_ID ? 'silent' : 'info',
    ),
  };
}

export type CommonConfig = ConfigValues<ReturnType<typeof commonSettings>>;
