// The environment each Deployment gives its box is what that box's own configuration accepts
// (services/*/src/config.ts): a key misspelt or a value out of range would stop the pod at start.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { loadForStart, type ConfigDefinition, type SettingsSpec } from '@wishlist/service-kit';
import { authConfig } from '../../../services/auth/src/config';
import { gatewayConfig } from '../../../services/gateway/src/config';
import { listsConfig } from '../../../services/lists/src/config';
import { offersConfig } from '../../../services/offers/src/config';
import { render, toYaml } from './render';
import { BOX_NAMES, BOXES, type BoxName } from './settings';

const CONFIGS: Record<BoxName, ConfigDefinition<SettingsSpec>> = { gateway: gatewayConfig, auth: authConfig, lists: listsConfig, offers: offersConfig };

/** What ops put in the Secret (secret.example.yaml), as real values. */
const SECRET_VALUES: Record<string, string> = {
  IDENTITY_SECRET: 'a'.repeat(64),
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
  MONGODB_URI: 'mongodb://wishlist:secret@db1:27017,db2:27017,db3:27017/?replicaSet=rs0&authSource=admin',
  'connectionString.standard': 'mongodb://wishlist:secret@wishlist-mongodb-0.wishlist-mongodb-svc:27017/admin?replicaSet=wishlist-mongodb',
};

function environment(overlays: string[], box: BoxName): Record<string, string> {
  const objects = parseAllDocuments(toYaml(render({ overlays }))).map((d) => d.toJS());
  const deployment = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === box);
  const env: Record<string, string> = {};
  for (const e of deployment.spec.template.spec.containers[0].env) env[e.name] = e.value ?? SECRET_VALUES[e.valueFrom.secretKeyRef.key];
  return env;
}

describe.each([[[]], [['production', 'mongodb-operator']]])('overlays %j', (overlays: string[]) => {
  it.each(BOX_NAMES)('%s starts with the environment its Deployment gives it', (box) => {
    const env = environment(overlays, box);
    // Throws, naming every missing or bad variable, where the box itself would refuse to start.
    const config = loadForStart(CONFIGS[box], box, { usesDatabase: BOXES[box].database }, env) as Record<string, unknown>;
    expect(config.nodeEnv).toBe('production');
    expect(config.port).toBe(BOXES[box].port);
    expect(config.host).toBe('0.0.0.0');
    // Every variable is one the box reads (NODE_OPTIONS is Node's own).
    const known = new Set([...Object.values(CONFIGS[box].settings).map((s) => s.env), 'NODE_OPTIONS', 'OTEL_EXPORTER_OTLP_ENDPOINT']);
    expect(Object.keys(env).filter((k) => !known.has(k))).toEqual([]);
  });

  it('trusts exactly one proxy hop at the gateway (the ingress controller)', () => {
    expect(gatewayConfig.load(environment(overlays, 'gateway')).trustProxy).toBe(1);
  });
});

describe('secret.example.yaml', () => {
  it('holds placeholders no box starts with, each named in the error', () => {
    const [secret] = parseAllDocuments(readFileSync(join(__dirname, '..', 'secret.example.yaml'), 'utf8')).map((d) => d.toJS());
    const env = { ...environment([], 'auth'), ...secret.stringData };
    let message = '';
    try {
      authConfig.load(env);
    } catch (err) {
      message = (err as Error).message;
    }
    for (const key of ['IDENTITY_SECRET', 'SMTP_URL', 'MONGODB_URI']) expect(message).toMatch(new RegExp(`- ${key}: `));
  });
});
