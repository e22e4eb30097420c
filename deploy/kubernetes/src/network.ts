// NetworkPolicies: everything in the namespace is denied, then each box gets exactly the paths it
// uses. In: the ingress controller reaches the gateway; the gateway, and the services that call
// one another (settings.ts, BOXES.calls), reach the services; Prometheus reaches METRICS_PORT.
// Out: DNS; the boxes each one calls; MongoDB from the services only; SMTP from the boxes that
// send mail; public web addresses from the lists service (its page reader).
import type { INetworkPolicyEgressRule, INetworkPolicyIngressRule, INetworkPolicyPeer, INetworkPolicyPort } from 'kubernetes-models/networking.k8s.io/v1';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { BOX_NAMES, BOXES, METRICS_PORT, type BoxName, type Settings } from './settings';
import { PART_OF, selectorLabels } from './workloads';

const NAMESPACE_NAME = 'kubernetes.io/metadata.name';

/** The pods of the operator's replica set (the StatefulSet it makes is labelled app=<name>-svc). */
export function mongodbPodLabels(name: string): Record<string, string> {
  return { app: `${name}-svc` };
}

/** Addresses the lists service may fetch pages from: public ones (its own guard refuses the rest too). */
export const PUBLIC_INTERNET: INetworkPolicyPeer[] = [
  {
    ipBlock: {
      cidr: '0.0.0.0/0',
      except: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', '169.254.0.0/16', '127.0.0.0/8'],
    },
  },
  { ipBlock: { cidr: '::/0', except: ['fc00::/7', 'fe80::/10', '::1/128'] } },
];

const tcp = (port: number, endPort?: number): INetworkPolicyPort => ({ protocol: 'TCP', port, ...(endPort ? { endPort } : {}) });

function policy(
  name: string,
  s: Settings,
  podSelector: Record<string, string>,
  ingress: INetworkPolicyIngressRule[],
  egress: INetworkPolicyEgressRule[],
  labels: Record<string, string> = {},
) {
  return new NetworkPolicy({
    metadata: { name, namespace: s.namespace, labels: { 'app.kubernetes.io/part-of': PART_OF, ...labels } },
    spec: { podSelector: { matchLabels: podSelector }, policyTypes: ['Ingress', 'Egress'], ingress, egress },
  });
}

function databaseEgress(s: Settings): INetworkPolicyEgressRule {
  if (s.mongodb.mode === 'external') {
    return { to: s.mongodb.cidrs.map((cidr) => ({ ipBlock: { cidr } })), ports: [tcp(s.mongodb.port)] };
  }
  return { to: [{ podSelector: { matchLabels: mongodbPodLabels(s.mongodb.name) } }], ports: [tcp(27017)] };
}

function boxPolicy(box: BoxName, s: Settings): NetworkPolicy {
  const facts = BOXES[box];
  const callers = BOX_NAMES.filter((other) => BOXES[other].calls.some((c) => c.box === box));
  const from: INetworkPolicyPeer[] =
    box === 'gateway'
      ? [
          {
            namespaceSelector: { matchLabels: { [NAMESPACE_NAME]: s.ingress.controller.namespace } },
            podSelector: { matchLabels: s.ingress.controller.podLabels },
          },
        ]
      : callers.map((caller) => ({ podSelector: { matchLabels: selectorLabels(caller) } }));
  const ingress: INetworkPolicyIngressRule[] = [
    { from, ports: [tcp(facts.port)] },
    { from: [{ namespaceSelector: { matchLabels: { [NAMESPACE_NAME]: s.monitoringNamespace } } }], ports: [tcp(METRICS_PORT)] },
  ];
  const egress: INetworkPolicyEgressRule[] = facts.calls.map((call) => ({
    to: [{ podSelector: { matchLabels: selectorLabels(call.box) } }],
    ports: [tcp(BOXES[call.box].port)],
  }));
  if (facts.database) egress.push(databaseEgress(s));
  if (facts.mail) egress.push({ ports: s.smtpPorts.map((p) => tcp(p)) });
  // Shops are on 80, 443 or an unprivileged port (the page fetch refuses the others).
  if (facts.internet) egress.push({ to: PUBLIC_INTERNET, ports: [tcp(80), tcp(443), tcp(1024, 65535)] });
  if (s.otlpEndpoint) {
    const url = new URL(s.otlpEndpoint);
    egress.push({ ports: [tcp(Number(url.port) || (url.protocol === 'https:' ? 443 : 80))] });
  }
  return policy(box, s, selectorLabels(box), ingress, egress);
}

export function networkPolicies(s: Settings): NetworkPolicy[] {
  const all = new NetworkPolicy({
    metadata: { name: 'default-deny', namespace: s.namespace, labels: { 'app.kubernetes.io/part-of': PART_OF } },
    spec: { podSelector: {}, policyTypes: ['Ingress', 'Egress'] },
  });
  const dns = new NetworkPolicy({
    metadata: { name: 'dns', namespace: s.namespace, labels: { 'app.kubernetes.io/part-of': PART_OF } },
    spec: {
      podSelector: {},
      policyTypes: ['Egress'],
      egress: [
        {
          to: [{ namespaceSelector: { matchLabels: { [NAMESPACE_NAME]: s.dnsNamespace } } }],
          ports: [
            { protocol: 'UDP', port: 53 },
            { protocol: 'TCP', port: 53 },
          ],
        },
      ],
    },
  });
  const policies = [all, dns, ...BOX_NAMES.map((box) => boxPolicy(box, s))];
  if (s.mongodb.mode === 'operator') {
    const members = { podSelector: { matchLabels: mongodbPodLabels(s.mongodb.name) } };
    const services = BOX_NAMES.filter((b) => BOXES[b].database).map((b) => ({ podSelector: { matchLabels: selectorLabels(b) } }));
    // The members replicate among themselves; only the services are let in beside them.
    policies.push(policy('mongodb', s, mongodbPodLabels(s.mongodb.name), [{ from: [...services, members], ports: [tcp(27017)] }], [{ to: [members], ports: [tcp(27017)] }], {
      'app.kubernetes.io/component': 'database',
    }));
  }
  return policies;
}
