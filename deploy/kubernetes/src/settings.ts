// What a deployment may vary (the "values" an overlay changes), and the facts of each box that it
// may not: ports, databases, and whom each box calls, read from the services' own configuration
// (services/*/src/config.ts) so that the network policies open exactly those paths.

export const BOX_NAMES = ['gateway', 'auth', 'lists', 'offers'] as const;
export type BoxName = (typeof BOX_NAMES)[number];

export interface BoxFacts {
  /** PORT: the box's main port (services/Dockerfile's PORT build argument, docker-compose.yml). */
  port: number;
  /** Reads MONGODB_URI (its own database on the server: auth, lists, offers). */
  database: boolean;
  /** Sends mail itself through SMTP_URL. */
  mail: boolean;
  /** The boxes it calls, with the variable naming each one. */
  calls: readonly { box: BoxName; env: string }[];
  /** Fetches product pages and pictures from the internet (the lists service's page reader). */
  internet: boolean;
}

export const BOXES: Record<BoxName, BoxFacts> = {
  gateway: {
    port: 8080,
    database: false,
    mail: false,
    calls: [
      { box: 'auth', env: 'AUTH_URL' },
      { box: 'lists', env: 'LISTS_URL' },
      { box: 'offers', env: 'OFFERS_URL' },
    ],
    internet: false,
  },
  // Account erasure: auth asks lists and offers to erase an account's data.
  auth: {
    port: 4001,
    database: true,
    mail: true,
    calls: [
      { box: 'lists', env: 'LISTS_URL' },
      { box: 'offers', env: 'OFFERS_URL' },
    ],
    internet: false,
  },
  lists: { port: 4002, database: true, mail: false, calls: [], internet: true },
  // Offers claim products on lists and read accounts on auth.
  offers: {
    port: 4003,
    database: true,
    mail: true,
    calls: [
      { box: 'lists', env: 'LISTS_URL' },
      { box: 'auth', env: 'AUTH_URL' },
    ],
    internet: false,
  },
};

/** METRICS_PORT of every box: GET /metrics apart from the main port (never routed by the Ingress). */
export const METRICS_PORT = 9464;

export interface BoxSettings {
  /** The HorizontalPodAutoscaler's bounds; the Deployment leaves `replicas` to it. */
  replicas: { min: number; max: number };
  /** Average CPU use, in % of the request, the autoscaler keeps each box at. */
  cpuTargetPercent: number;
  requests: { cpu: string; memoryMi: number };
  limits: { cpu: string; memoryMi: number };
  /** V8's old-space limit (NODE_OPTIONS --max-old-space-size), below the memory limit. */
  heapMi: number;
  /** Extra environment (the box's own keys: its README). */
  env: Record<string, string>;
}

export type MongoSettings =
  | {
      /** A replica set run elsewhere (three members: a managed service, or your own hosts); its URI in the Secret. */
      mode: 'external';
      /** Where it may be reached (network policy egress): CIDRs and port. */
      cidrs: string[];
      port: number;
    }
  | {
      /** A MongoDBCommunity resource of the MongoDB Community Operator, in this namespace. */
      mode: 'operator';
      name: string;
      members: number;
      version: string;
      storageGi: number;
      storageClassName?: string;
      /** The Secret (key `password`) ops create with the database user's password. */
      passwordSecret: string;
    };

export interface Settings {
  namespace: string;
  /** Pod Security Standard enforced on the namespace. */
  podSecurity: 'restricted' | 'baseline';
  image: { registry: string; tag: string; pullPolicy: 'IfNotPresent' | 'Always' };
  /** PUBLIC_URL: the address people use; the Ingress host is its host. */
  publicUrl: string;
  ingress: {
    className: string;
    /** TLS certificate Secret for the host (https PUBLIC_URL); created by ops or cert-manager. */
    tlsSecret: string;
    annotations: Record<string, string>;
    /** Where the ingress controller's pods run: the only ones that may reach the gateway. */
    controller: { namespace: string; podLabels: Record<string, string> };
    /**
     * Proxies between the client and the gateway that each append the address they saw to
     * X-Forwarded-For: the ingress controller, plus an HTTP load balancer in front of it if any.
     * The gateway's TRUST_PROXY is this hop count.
     */
    proxyHops: number;
  };
  /** The Secret holding IDENTITY_SECRET, SMTP_URL and MONGODB_URI (secret.example.yaml). */
  secretName: string;
  mongodb: MongoSettings;
  /** Ports the SMTP server of SMTP_URL listens on (egress of the boxes that send mail). */
  smtpPorts: number[];
  /** Namespace whose pods (Prometheus) may scrape METRICS_PORT. */
  monitoringNamespace: string;
  /** Namespace of the cluster DNS (egress on port 53). */
  dnsNamespace: string;
  /**
   * Draining a pod (shared/service-kit/src/lifecycle.ts): the preStop pause while endpoints are
   * withdrawn, then SIGTERM: not-ready and `Connection: close` for SHUTDOWN_DELAY_MS, then the
   * requests in flight get SHUTDOWN_GRACE_MS; exitMarginSeconds to close the database and exit.
   */
  drain: { preStopSeconds: number; shutdownDelayMs: number; shutdownGraceMs: number; exitMarginSeconds: number };
  /** OTEL_EXPORTER_OTLP_ENDPOINT (an OTLP/HTTP collector); unset: no trace leaves a box. */
  otlpEndpoint?: string;
  /** Spread each box's pods over these topology keys (nodes, zones). */
  spreadOver: string[];
  boxes: Record<BoxName, BoxSettings>;
}

// Memory: a compiled service measured about 205-240 MB resident once started (auth, offers, lists;
// the gateway about 155 MB after some traffic), 4 to 5 times a bare Node HTTP server in the same run.
const serviceBox = (env: Record<string, string> = {}): BoxSettings => ({
  replicas: { min: 2, max: 6 },
  cpuTargetPercent: 70,
  requests: { cpu: '100m', memoryMi: 256 },
  limits: { cpu: '1', memoryMi: 512 },
  heapMi: 256,
  env,
});

/** The default overlay: every box twice (the least that survives one pod's loss), an external replica set. */
export function baseSettings(): Settings {
  return {
    namespace: 'wishlist',
    podSecurity: 'restricted',
    image: { registry: 'registry.example.com/wishlist', tag: '0.1.0', pullPolicy: 'IfNotPresent' },
    publicUrl: 'https://wishlist.example.com',
    ingress: {
      className: 'nginx',
      tlsSecret: 'wishlist-tls',
      annotations: {},
      controller: { namespace: 'ingress-nginx', podLabels: { 'app.kubernetes.io/name': 'ingress-nginx' } },
      proxyHops: 1,
    },
    secretName: 'wishlist',
    mongodb: { mode: 'external', cidrs: ['0.0.0.0/0'], port: 27017 },
    smtpPorts: [25, 465, 587],
    monitoringNamespace: 'monitoring',
    dnsNamespace: 'kube-system',
    drain: { preStopSeconds: 5, shutdownDelayMs: 5000, shutdownGraceMs: 10_000, exitMarginSeconds: 8 },
    spreadOver: ['kubernetes.io/hostname'],
    boxes: {
      gateway: {
        replicas: { min: 2, max: 8 },
        cpuTargetPercent: 70,
        requests: { cpu: '200m', memoryMi: 256 },
        limits: { cpu: '1', memoryMi: 512 },
        heapMi: 384,
        env: {},
      },
      auth: serviceBox(),
      // Two page-reader threads (PAGE_READER_THREADS) with their own heaps (PAGE_READER_MAX_HEAP_MB).
      lists: { ...serviceBox(), requests: { cpu: '200m', memoryMi: 384 }, limits: { cpu: '2', memoryMi: 1280 }, heapMi: 512 },
      offers: serviceBox(),
    },
  };
}

/** Whole seconds a pod needs from its deletion to its exit, drained (terminationGracePeriodSeconds). */
export function terminationGraceSeconds(drain: Settings['drain']): number {
  return drain.preStopSeconds + Math.ceil((drain.shutdownDelayMs + drain.shutdownGraceMs) / 1000) + drain.exitMarginSeconds;
}

/** A named change to the settings (overlays/*.ts, listed in overlay.ts). */
export interface Overlay {
  name: string;
  description: string;
  apply(settings: Settings): Settings;
}
