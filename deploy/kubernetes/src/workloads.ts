// Per box: a Deployment, its Service, a HorizontalPodAutoscaler and a PodDisruptionBudget.
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import type { IEnvVar, IProbe } from 'kubernetes-models/v1';
import { Service, ServiceAccount } from 'kubernetes-models/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { BOXES, METRICS_PORT, terminationGraceSeconds, type BoxName, type Settings } from './settings';

export const PART_OF = 'wishlist';

/** The labels that select a box's pods (Services, policies, budgets, spread). */
export function selectorLabels(box: BoxName): Record<string, string> {
  return { 'app.kubernetes.io/name': box, 'app.kubernetes.io/part-of': PART_OF };
}

export function labels(box: BoxName, s: Settings): Record<string, string> {
  return {
    ...selectorLabels(box),
    'app.kubernetes.io/component': box === 'gateway' ? 'gateway' : 'service',
    'app.kubernetes.io/version': s.image.tag,
  };
}

/** The in-cluster address of a box (its Service; kube-proxy spreads connections over its ready pods). */
export function boxUrl(box: BoxName): string {
  return `http://${box}:${BOXES[box].port}`;
}

/** The gateway's TRUST_PROXY: the hop count of the proxies in front (settings.ingress.proxyHops). */
export function trustProxy(s: Settings): string {
  return String(s.ingress.proxyHops);
}

const fromSecret = (name: string, secret: string, key: string): IEnvVar => ({
  name,
  valueFrom: { secretKeyRef: { name: secret, key } },
});

function mongodbUri(s: Settings): IEnvVar {
  if (s.mongodb.mode === 'external') return fromSecret('MONGODB_URI', s.secretName, 'MONGODB_URI');
  // The operator writes each user's connection string (every member, replicaSet, the user's
  // credentials; its path names the user's database, admin, which is thus the auth source) into
  // <resource>-<user db>-<user name>. The services pick their own database (auth, lists, offers).
  return fromSecret('MONGODB_URI', `${s.mongodb.name}-admin-wishlist`, 'connectionString.standard');
}

export function environment(box: BoxName, s: Settings): IEnvVar[] {
  const facts = BOXES[box];
  const b = s.boxes[box];
  const plain: Record<string, string> = {
    NODE_ENV: 'production',
    // Reachable on the pod's address (the default, 127.0.0.1, is not).
    HOST: '0.0.0.0',
    PORT: String(facts.port),
    PUBLIC_URL: s.publicUrl,
    DATA_DIR: '/data',
    METRICS_PORT: String(METRICS_PORT),
    SHUTDOWN_DELAY_MS: String(s.drain.shutdownDelayMs),
    SHUTDOWN_GRACE_MS: String(s.drain.shutdownGraceMs),
    NODE_OPTIONS: `--max-old-space-size=${b.heapMi}`,
  };
  for (const call of facts.calls) plain[call.env] = boxUrl(call.box);
  if (box === 'gateway') plain.TRUST_PROXY = trustProxy(s);
  if (s.otlpEndpoint) plain.OTEL_EXPORTER_OTLP_ENDPOINT = s.otlpEndpoint;
  Object.assign(plain, b.env);
  return [
    ...Object.entries(plain).map(([name, value]) => ({ name, value })),
    fromSecret('IDENTITY_SECRET', s.secretName, 'IDENTITY_SECRET'),
    // Every box is given it: the gateway to know mails do not go to a local outbox, the others to send.
    fromSecret('SMTP_URL', s.secretName, 'SMTP_URL'),
    ...(facts.database ? [mongodbUri(s)] : []),
  ];
}

/**
 * Liveness asks GET /health, readiness GET /health/ready (ARCHITECTURE and README, "Readiness and
 * draining"). A service's /health answers 503 while its database is unreachable: liveness gives it
 * a minute (a replica set election takes seconds) before the pod is restarted. The startup probe
 * covers the 30 s a service waits for its database before it listens.
 */
function probes(): { startupProbe: IProbe; livenessProbe: IProbe; readinessProbe: IProbe } {
  const get = (path: string) => ({ httpGet: { path, port: 'http' } });
  return {
    startupProbe: { ...get('/health'), periodSeconds: 2, timeoutSeconds: 2, failureThreshold: 30 },
    livenessProbe: { ...get('/health'), periodSeconds: 10, timeoutSeconds: 3, failureThreshold: 6 },
    readinessProbe: { ...get('/health/ready'), periodSeconds: 5, timeoutSeconds: 3, failureThreshold: 2, successThreshold: 1 },
  };
}

export function deployment(box: BoxName, s: Settings): Deployment {
  const b = s.boxes[box];
  return new Deployment({
    metadata: { name: box, namespace: s.namespace, labels: labels(box, s) },
    spec: {
      // No `replicas`: the HorizontalPodAutoscaler owns it, and an apply must not reset it.
      revisionHistoryLimit: 5,
      selector: { matchLabels: selectorLabels(box) },
      // A new pod is ready before an old one goes: the box never runs below its count.
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      template: {
        metadata: {
          labels: labels(box, s),
          annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(METRICS_PORT), 'prometheus.io/path': '/metrics' },
        },
        spec: {
          serviceAccountName: PART_OF,
          automountServiceAccountToken: false,
          terminationGracePeriodSeconds: terminationGraceSeconds(s.drain),
          securityContext: {
            // The image's `node` user (services/Dockerfile: USER node).
            runAsNonRoot: true,
            runAsUser: 1000,
            runAsGroup: 1000,
            fsGroup: 1000,
            seccompProfile: { type: 'RuntimeDefault' },
          },
          topologySpreadConstraints: s.spreadOver.map((topologyKey) => ({
            maxSkew: 1,
            topologyKey,
            whenUnsatisfiable: 'ScheduleAnyway',
            labelSelector: { matchLabels: selectorLabels(box) },
          })),
          containers: [
            {
              name: box,
              image: `${s.image.registry}/${box}:${s.image.tag}`,
              imagePullPolicy: s.image.pullPolicy,
              ports: [
                { name: 'http', containerPort: BOXES[box].port, protocol: 'TCP' },
                { name: 'metrics', containerPort: METRICS_PORT, protocol: 'TCP' },
              ],
              env: environment(box, s),
              ...probes(),
              // Endpoints are withdrawn while the pod still serves; SIGTERM comes after (then the
              // box drains: SHUTDOWN_DELAY_MS, SHUTDOWN_GRACE_MS).
              lifecycle: { preStop: { exec: { command: ['sleep', String(s.drain.preStopSeconds)] } } },
              resources: {
                requests: { cpu: b.requests.cpu, memory: `${b.requests.memoryMi}Mi` },
                limits: { cpu: b.limits.cpu, memory: `${b.limits.memoryMi}Mi` },
              },
              securityContext: {
                runAsNonRoot: true,
                readOnlyRootFilesystem: true,
                allowPrivilegeEscalation: false,
                capabilities: { drop: ['ALL'] },
              },
              // The only paths a box writes: the OS temporary directory, and DATA_DIR (the mail
              // outbox when SMTP_URL is unset; never the database, which is MONGODB_URI).
              volumeMounts: [
                { name: 'tmp', mountPath: '/tmp' },
                { name: 'data', mountPath: '/data' },
              ],
            },
          ],
          volumes: [
            { name: 'tmp', emptyDir: { sizeLimit: '64Mi' } },
            { name: 'data', emptyDir: { sizeLimit: '64Mi' } },
          ],
        },
      },
    },
  });
}

export function service(box: BoxName, s: Settings): Service {
  return new Service({
    metadata: { name: box, namespace: s.namespace, labels: labels(box, s) },
    spec: {
      type: 'ClusterIP',
      selector: selectorLabels(box),
      ports: [
        { name: 'http', port: BOXES[box].port, targetPort: 'http', protocol: 'TCP' },
        { name: 'metrics', port: METRICS_PORT, targetPort: 'metrics', protocol: 'TCP' },
      ],
    },
  });
}

export function autoscaler(box: BoxName, s: Settings): HorizontalPodAutoscaler {
  const b = s.boxes[box];
  return new HorizontalPodAutoscaler({
    metadata: { name: box, namespace: s.namespace, labels: labels(box, s) },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: box },
      minReplicas: b.replicas.min,
      maxReplicas: b.replicas.max,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: b.cpuTargetPercent } } }],
      // Up at once, down one pod a minute after five calm minutes: a burst does not make pods flap.
      behavior: {
        scaleDown: { stabilizationWindowSeconds: 300, policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }] },
      },
    },
  });
}

/** One pod of a box at a time may be evicted (node drains, upgrades): the others keep serving. */
export function disruptionBudget(box: BoxName, s: Settings): PodDisruptionBudget {
  return new PodDisruptionBudget({
    metadata: { name: box, namespace: s.namespace, labels: labels(box, s) },
    spec: { maxUnavailable: 1, selector: { matchLabels: selectorLabels(box) } },
  });
}

export function serviceAccount(s: Settings): ServiceAccount {
  return new ServiceAccount({
    metadata: { name: PART_OF, namespace: s.namespace, labels: { 'app.kubernetes.io/part-of': PART_OF } },
    // No box talks to the Kubernetes API.
    automountServiceAccountToken: false,
  });
}
