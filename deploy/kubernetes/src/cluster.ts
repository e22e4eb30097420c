// The namespace, the Ingress in front of the gateway, and the optional in-cluster replica set.
import { Namespace } from 'kubernetes-models/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { BOX_NAMES, BOXES, type Settings } from './settings';
import { mongodbPodLabels } from './network';
import { PART_OF } from './workloads';

export function namespace(s: Settings): Namespace {
  return new Namespace({
    metadata: {
      name: s.namespace,
      labels: {
        'app.kubernetes.io/part-of': PART_OF,
        // Every box meets the "restricted" Pod Security Standard (non-root, no privilege, read-only root).
        'pod-security.kubernetes.io/enforce': s.podSecurity,
        'pod-security.kubernetes.io/warn': 'restricted',
      },
    },
  });
}

export function ingress(s: Settings): Ingress {
  const url = new URL(s.publicUrl);
  return new Ingress({
    metadata: {
      name: 'gateway',
      namespace: s.namespace,
      labels: { 'app.kubernetes.io/part-of': PART_OF },
      annotations: s.ingress.annotations,
    },
    spec: {
      ingressClassName: s.ingress.className,
      ...(url.protocol === 'https:' ? { tls: [{ hosts: [url.hostname], secretName: s.ingress.tlsSecret }] } : {}),
      rules: [
        {
          host: url.hostname,
          http: {
            paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'gateway', port: { name: 'http' } } } }],
          },
        },
      ],
    },
  });
}

/**
 * The MongoDB Community Operator's resource (mongodbcommunity.mongodb.com/v1; the operator and its
 * CRD installed first): a replica set of `members`, SCRAM, one user `wishlist` whose password ops
 * put in `passwordSecret` and who may read and write the three services' databases. The operator
 * writes the user's connection string into `<name>-admin-wishlist`, which the services read.
 */
export interface MongoDBCommunity {
  apiVersion: 'mongodbcommunity.mongodb.com/v1';
  kind: 'MongoDBCommunity';
  metadata: { name: string; namespace: string; labels: Record<string, string> };
  spec: {
    members: number;
    type: 'ReplicaSet';
    version: string;
    security: { authentication: { modes: string[] } };
    users: {
      name: string;
      db: string;
      passwordSecretRef: { name: string };
      roles: { name: string; db: string }[];
      scramCredentialsSecretName: string;
    }[];
    statefulSet: { spec: Record<string, unknown> };
  };
}

export function mongodbCommunity(s: Settings): MongoDBCommunity | null {
  if (s.mongodb.mode !== 'operator') return null;
  const m = s.mongodb;
  const databases = BOX_NAMES.filter((b) => BOXES[b].database);
  return {
    apiVersion: 'mongodbcommunity.mongodb.com/v1',
    kind: 'MongoDBCommunity',
    // Applied alone first to move the data in (docs/deploying.md): kubectl apply -l app.kubernetes.io/component=database
    metadata: { name: m.name, namespace: s.namespace, labels: { 'app.kubernetes.io/part-of': PART_OF, 'app.kubernetes.io/component': 'database' } },
    spec: {
      members: m.members,
      type: 'ReplicaSet',
      version: m.version,
      security: { authentication: { modes: ['SCRAM'] } },
      users: [
        {
          name: 'wishlist',
          db: 'admin',
          passwordSecretRef: { name: m.passwordSecret },
          roles: databases.map((db) => ({ name: 'readWrite', db })),
          scramCredentialsSecretName: 'wishlist-scram',
        },
      ],
      statefulSet: {
        spec: {
          template: {
            metadata: { labels: mongodbPodLabels(m.name) },
            spec: {
              // One member per node: losing a node loses one vote of three, never the majority.
              affinity: {
                podAntiAffinity: {
                  requiredDuringSchedulingIgnoredDuringExecution: [
                    { labelSelector: { matchLabels: mongodbPodLabels(m.name) }, topologyKey: 'kubernetes.io/hostname' },
                  ],
                },
              },
              containers: [
                { name: 'mongod', resources: { requests: { cpu: '500m', memory: '1Gi' }, limits: { memory: '2Gi' } } },
              ],
            },
          },
          volumeClaimTemplates: [
            {
              metadata: { name: 'data-volume' },
              spec: {
                accessModes: ['ReadWriteOnce'],
                ...(m.storageClassName ? { storageClassName: m.storageClassName } : {}),
                resources: { requests: { storage: `${m.storageGi}Gi` } },
              },
            },
          ],
        },
      },
    },
  };
}

/** Node drains take one member of the replica set at a time: two of three keep the majority. */
export function mongodbDisruptionBudget(s: Settings): PodDisruptionBudget | null {
  if (s.mongodb.mode !== 'operator') return null;
  return new PodDisruptionBudget({
    metadata: {
      name: s.mongodb.name,
      namespace: s.namespace,
      labels: { 'app.kubernetes.io/part-of': PART_OF, 'app.kubernetes.io/component': 'database' },
    },
    spec: { maxUnavailable: 1, selector: { matchLabels: mongodbPodLabels(s.mongodb.name) } },
  });
}
