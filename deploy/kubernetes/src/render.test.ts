// The rendered manifests, read back from their YAML as a cluster would receive them: valid against
// the Kubernetes API schemas (kubernetes-models, offline), and holding what running the boxes
// safely needs: probes, resources, non-root read-only containers, an autoscaler and a disruption
// budget per box, network policies, and secrets only referenced.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { Namespace, Secret, Service, ServiceAccount } from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';
import { render, settingsFor, toYaml } from './render';
import { BOX_NAMES, BOXES, METRICS_PORT, type BoxName } from './settings';

/** Parsed YAML: its shape is what the assertions check. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
type Obj = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; labels?: Record<string, string> }; spec?: Loose; [k: string]: Loose };

const MODELS: Record<string, new (data: Loose) => { validate(): void }> = {
  'v1/Namespace': Namespace,
  'v1/ServiceAccount': ServiceAccount,
  'v1/Service': Service,
  'v1/Secret': Secret,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
};

function parseYaml(text: string): Obj[] {
  return parseAllDocuments(text).map((doc) => {
    expect(doc.errors).toEqual([]);
    return doc.toJS() as Obj;
  });
}

/** Validates one object against its API schema; throws with the object's name on a violation. */
function validate(o: Obj): void {
  const Model = MODELS[`${o.apiVersion}/${o.kind}`];
  if (!Model) throw new Error(`no schema for ${o.apiVersion} ${o.kind} (${o.metadata?.name})`);
  const { apiVersion: _a, kind: _k, ...data } = o;
  try {
    new Model(data).validate();
  } catch (err) {
    throw new Error(`${o.kind}/${o.metadata.name}: ${(err as Error).message}`, { cause: err });
  }
}

const COMBINATIONS = [[], ['production'], ['mongodb-operator'], ['production', 'mongodb-operator']];
const SECRET_KEYS = ['IDENTITY_SECRET', 'SMTP_URL', 'MONGODB_URI'];
const example = parseYaml(readFileSync(join(__dirname, '..', 'secret.example.yaml'), 'utf8'));

describe.each(COMBINATIONS.map((overlays) => [overlays.join(' + ') || 'default', overlays] as const))('k8s:render, overlay %s', (_label, overlays) => {
  const settings = settingsFor({ overlays });
  const objects = parseYaml(toYaml(render({ overlays })));
  const of = (kind: string) => objects.filter((o) => o.kind === kind);
  const named = (kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name)!;
  const podSpec = (box: BoxName) => named('Deployment', box).spec.template.spec;
  const container = (box: BoxName) => podSpec(box).containers[0];
  const env = (box: BoxName) => Object.fromEntries(container(box).env.map((e: Loose) => [e.name, e.value ?? e.valueFrom]));

  it('prints only objects that are valid against the Kubernetes API schemas (the custom resource apart)', () => {
    expect(objects[0].kind).toBe('Namespace');
    for (const o of objects) if (o.kind !== 'MongoDBCommunity') validate(o);
    for (const o of objects.slice(1)) expect(o.metadata.namespace).toBe(settings.namespace);
    const names = objects.map((o) => `${o.kind}/${o.metadata.name}`);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(BOX_NAMES)('runs %s as a Deployment with a Service, an autoscaler and a disruption budget', (box) => {
    const d = named('Deployment', box);
    const labels = d.spec.template.metadata.labels;
    expect(d.spec.selector.matchLabels).toEqual(expect.objectContaining({ 'app.kubernetes.io/name': box }));
    for (const [k, v] of Object.entries(d.spec.selector.matchLabels)) expect(labels[k]).toBe(v);
    // The autoscaler owns the count: an apply must not reset it.
    expect(d.spec.replicas).toBeUndefined();
    expect(d.spec.strategy.rollingUpdate).toEqual({ maxSurge: 1, maxUnavailable: 0 });

    const svc = named('Service', box);
    expect(svc.spec.selector).toEqual(d.spec.selector.matchLabels);
    expect(svc.spec.ports).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'http', port: BOXES[box].port, targetPort: 'http' })]));

    const hpa = named('HorizontalPodAutoscaler', box);
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: box });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    expect(hpa.spec.metrics[0].resource).toEqual(expect.objectContaining({ name: 'cpu' }));

    const pdb = named('PodDisruptionBudget', box);
    expect(pdb.spec.selector.matchLabels).toEqual(d.spec.selector.matchLabels);
    // One pod out at a time still leaves one serving at the autoscaler's floor.
    expect(pdb.spec.maxUnavailable).toBe(1);
  });

  it.each(BOX_NAMES)('probes %s: liveness /health, readiness /health/ready, a start-up allowance', (box) => {
    const c = container(box);
    expect(c.ports).toEqual(expect.arrayContaining([{ name: 'http', containerPort: BOXES[box].port, protocol: 'TCP' }]));
    expect(c.livenessProbe.httpGet).toEqual({ path: '/health', port: 'http' });
    expect(c.readinessProbe.httpGet).toEqual({ path: '/health/ready', port: 'http' });
    expect(c.startupProbe.httpGet).toEqual({ path: '/health', port: 'http' });
    // A service waits up to 30 s for its database before it listens.
    expect(c.startupProbe.periodSeconds * c.startupProbe.failureThreshold).toBeGreaterThan(30);
    // A replica set election (seconds) must not restart every pod.
    expect(c.livenessProbe.periodSeconds * c.livenessProbe.failureThreshold).toBeGreaterThanOrEqual(30);
  });

  it.each(BOX_NAMES)('gives %s requests and limits, and a heap under its memory limit', (box) => {
    const { requests, limits } = container(box).resources;
    for (const r of [requests, limits]) {
      expect(r.cpu).toMatch(/^\d+m?$/);
      expect(r.memory).toMatch(/^\d+Mi$/);
    }
    const heap = Number(/--max-old-space-size=(\d+)/.exec(env(box).NODE_OPTIONS)?.[1]);
    // The lists service's page readers have heaps of their own (2 x 256 MB by default).
    const readers = box === 'lists' ? 2 * 256 : 0;
    expect(heap + readers).toBeLessThan(parseInt(limits.memory, 10));
    expect(parseInt(requests.memory, 10)).toBeLessThanOrEqual(parseInt(limits.memory, 10));
  });

  it.each(BOX_NAMES)('runs %s non-root, unprivileged, on a read-only root with /tmp and DATA_DIR on emptyDir', (box) => {
    const pod = podSpec(box);
    const c = container(box);
    expect(pod.securityContext).toEqual(expect.objectContaining({ runAsNonRoot: true, runAsUser: 1000, seccompProfile: { type: 'RuntimeDefault' } }));
    expect(c.securityContext).toEqual({ runAsNonRoot: true, readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
    expect(pod.automountServiceAccountToken).toBe(false);
    const volumes = Object.fromEntries(pod.volumes.map((v: Loose) => [v.name, v]));
    const mounts = Object.fromEntries(c.volumeMounts.map((m: Loose) => [m.mountPath, m.name]));
    expect(volumes[mounts['/tmp']].emptyDir).toBeDefined();
    expect(volumes[mounts[env(box).DATA_DIR]].emptyDir).toBeDefined();
  });

  it.each(BOX_NAMES)('gives %s the time to drain: preStop, then SHUTDOWN_DELAY_MS and SHUTDOWN_GRACE_MS within the grace period', (box) => {
    const c = container(box);
    const e = env(box);
    expect(c.lifecycle.preStop.exec.command[0]).toBe('sleep');
    const preStop = Number(c.lifecycle.preStop.exec.command[1]);
    expect(preStop).toBeGreaterThan(0);
    const drain = preStop + (Number(e.SHUTDOWN_DELAY_MS) + Number(e.SHUTDOWN_GRACE_MS)) / 1000;
    // A few seconds are left to close the database and exit before SIGKILL.
    expect(podSpec(box).terminationGracePeriodSeconds).toBeGreaterThanOrEqual(drain + 3);
  });

  it('puts the gateway behind the Ingress, trusting exactly the proxy hops in front of it', () => {
    const [ing] = of('Ingress');
    const host = new URL(settings.publicUrl).hostname;
    expect(ing.spec.rules).toEqual([
      { host, http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'gateway', port: { name: 'http' } } } }] } },
    ]);
    expect(ing.spec.tls).toEqual([{ hosts: [host], secretName: settings.ingress.tlsSecret }]);
    expect(env('gateway').TRUST_PROXY).toBe(String(settings.ingress.proxyHops));
    expect(env('gateway').PUBLIC_URL).toBe(settings.publicUrl);
    for (const box of BOX_NAMES.filter((b) => b !== 'gateway')) expect(env(box).TRUST_PROXY).toBeUndefined();
    for (const box of BOX_NAMES) for (const call of BOXES[box].calls) expect(env(box)[call.env]).toBe(`http://${call.box}:${BOXES[call.box].port}`);
  });

  it('references the secrets, never inlines them, and every reference names a key ops are told to create', () => {
    expect(of('Secret')).toEqual([]);
    const refs = BOX_NAMES.flatMap((box) => container(box).env.filter((e: Loose) => e.valueFrom?.secretKeyRef).map((e: Loose) => e.valueFrom.secretKeyRef));
    for (const box of BOX_NAMES) {
      for (const e of container(box).env) if (SECRET_KEYS.includes(e.name)) expect({ box, name: e.name, inline: e.value }).toEqual({ box, name: e.name, inline: undefined });
      const wanted = ['IDENTITY_SECRET', 'SMTP_URL', ...(BOXES[box].database ? ['MONGODB_URI'] : [])];
      expect(container(box).env.map((e: Loose) => e.name)).toEqual(expect.arrayContaining(wanted));
    }
    const provided = new Set(example.flatMap((s) => Object.keys(s.stringData).map((k) => `${s.metadata.name}/${k}`)));
    if (settings.mongodb.mode === 'operator') provided.add(`${settings.mongodb.name}-admin-wishlist/connectionString.standard`);
    for (const ref of refs) expect(provided).toContain(`${ref.name}/${ref.key}`);
  });

  describe('network policies', () => {
    const policies = of('NetworkPolicy');
    const policyFor = (box: BoxName) => policies.find((p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === box)!;
    const egressPorts = (box: BoxName) => policyFor(box).spec.egress.flatMap((r: Loose) => r.ports.map((p: Loose) => p.port));

    it('deny everything not allowed, and allow DNS', () => {
      expect(named('NetworkPolicy', 'default-deny').spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
      const dns = named('NetworkPolicy', 'dns').spec;
      expect(dns.podSelector).toEqual({});
      expect(dns.egress[0].ports).toEqual(expect.arrayContaining([{ protocol: 'UDP', port: 53 }, { protocol: 'TCP', port: 53 }]));
      for (const box of BOX_NAMES) expect(policyFor(box).spec.policyTypes).toEqual(['Ingress', 'Egress']);
    });

    it('let only the ingress controller reach the gateway, and only the gateway and their callers reach a service', () => {
      const [fromController] = policyFor('gateway').spec.ingress;
      expect(fromController.from).toEqual([
        { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': settings.ingress.controller.namespace } }, podSelector: { matchLabels: settings.ingress.controller.podLabels } },
      ]);
      for (const box of BOX_NAMES.filter((b) => b !== 'gateway')) {
        const [main, metrics] = policyFor(box).spec.ingress;
        const callers = main.from.map((f: Loose) => f.podSelector.matchLabels['app.kubernetes.io/name']).sort();
        expect(callers).toContain('gateway');
        expect(callers).toEqual(BOX_NAMES.filter((b) => BOXES[b].calls.some((c) => c.box === box)).sort());
        expect(main.ports).toEqual([{ protocol: 'TCP', port: BOXES[box].port }]);
        expect(metrics.ports).toEqual([{ protocol: 'TCP', port: METRICS_PORT }]);
      }
    });

    it('let only the services reach MongoDB, the mail senders reach SMTP, and the lists service reach public web addresses', () => {
      for (const box of BOX_NAMES) {
        expect({ box, database: egressPorts(box).includes(27017) }).toEqual({ box, database: BOXES[box].database });
        expect({ box, smtp: egressPorts(box).includes(587) }).toEqual({ box, smtp: BOXES[box].mail });
        expect({ box, web: egressPorts(box).includes(443) }).toEqual({ box, web: BOXES[box].internet });
      }
      const web = policyFor('lists').spec.egress.find((r: Loose) => r.ports.some((p: Loose) => p.port === 443));
      expect(web.to[0].ipBlock.except).toEqual(expect.arrayContaining(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16']));
      if (settings.mongodb.mode === 'operator') {
        const mongo = named('NetworkPolicy', 'mongodb').spec;
        const from = mongo.ingress[0].from.map((f: Loose) => f.podSelector.matchLabels['app.kubernetes.io/name'] ?? 'member');
        expect(from.sort()).toEqual(['auth', 'lists', 'member', 'offers']);
      }
    });
  });

  it('declares MongoDB as a three-member replica set when it runs in the cluster', () => {
    const db = of('MongoDBCommunity');
    if (settings.mongodb.mode === 'external') {
      expect(db).toEqual([]);
      return;
    }
    expect(db).toHaveLength(1);
    expect(db[0].apiVersion).toBe('mongodbcommunity.mongodb.com/v1');
    expect(db[0].spec).toEqual(expect.objectContaining({ members: 3, type: 'ReplicaSet' }));
    expect(db[0].spec.users[0].roles.map((r: Loose) => r.db).sort()).toEqual(['auth', 'lists', 'offers']);
    expect(db[0].spec.users[0].passwordSecretRef.name).toBe(settings.mongodb.passwordSecret);
    // Applied alone (kubectl apply -l) before the boxes, to move the data in.
    expect(objects.filter((o) => o.metadata.labels?.['app.kubernetes.io/component'] === 'database').map((o) => o.kind).sort()).toEqual(['MongoDBCommunity', 'NetworkPolicy', 'PodDisruptionBudget']);
    expect(named('PodDisruptionBudget', settings.mongodb.name).spec).toEqual({ maxUnavailable: 1, selector: { matchLabels: { app: `${settings.mongodb.name}-svc` } } });
  });
});

describe('the schema check', () => {
  it('refuses what the API server would refuse', () => {
    const [d] = parseYaml(toYaml(render())).filter((o) => o.kind === 'Deployment');
    expect(() => validate({ ...d, spec: { ...d.spec, replicas: '2' } })).toThrow(/replicas must be integer/);
    expect(() => validate({ ...d, spec: { ...d.spec, selector: undefined } })).toThrow(/selector/);
    expect(() => validate({ ...d, kind: 'Deploy' })).toThrow(/no schema/);
  });
});

describe('secret.example.yaml', () => {
  it('holds valid Secrets whose values are all placeholders', () => {
    expect(example.map((s) => s.metadata.name)).toEqual(['wishlist', 'wishlist-mongodb-password']);
    for (const s of example) {
      validate(s);
      for (const value of Object.values(s.stringData)) expect(value).toMatch(/^REPLACE: /);
    }
  });
});

describe('render options', () => {
  it('applies the image tag, registry, public URL and namespace', () => {
    const objects = parseYaml(toYaml(render({ tag: '1.4.0', registry: 'ghcr.io/acme/wishlist', publicUrl: 'https://gifts.example.org/', namespace: 'gifts' })));
    const gateway = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === 'gateway')!;
    expect(gateway.spec.template.spec.containers[0].image).toBe('ghcr.io/acme/wishlist/gateway:1.4.0');
    expect(objects.find((o) => o.kind === 'Ingress')!.spec.rules[0].host).toBe('gifts.example.org');
    expect(objects.every((o) => (o.kind === 'Namespace' ? o.metadata.name : o.metadata.namespace) === 'gifts')).toBe(true);
  });

  it.each([
    [{ overlays: ['staging'] }, /unknown overlay "staging": one of default, production, mongodb-operator/],
    [{ tag: 'a b' }, /--tag "a b" is not an image tag/],
    [{ registry: 'HTTP://x' }, /--registry/],
    [{ publicUrl: 'ftp://x' }, /--public-url "ftp:\/\/x" is not an http\(s\) origin/],
    [{ publicUrl: 'https://x.example/app' }, /--public-url/],
    [{ namespace: 'Wish_List' }, /--namespace "Wish_List" is not a DNS label/],
  ])('refuses %j with a message naming it', (options, message) => {
    expect(() => render(options)).toThrow(message);
  });
});
