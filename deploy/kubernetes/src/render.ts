// Every object a cluster receives, for a list of overlays, and their YAML (documents separated by
// `---`, the form `kubectl apply -f -` reads).
import { stringify } from 'yaml';
import { ingress, mongodbCommunity, mongodbDisruptionBudget, namespace, type MongoDBCommunity } from './cluster';
import { networkPolicies } from './network';
import { findOverlay, OVERLAYS } from './overlay';
import { baseSettings, BOX_NAMES, type Settings } from './settings';
import { autoscaler, deployment, disruptionBudget, service, serviceAccount } from './workloads';

/** A kubernetes-models object (it validates itself against the API schema), or a custom resource. */
export type Manifest = { apiVersion: string; kind: string; metadata?: { name?: string }; validate(): void } | MongoDBCommunity;

export class RenderError extends Error {
  override name = 'RenderError';
}

export interface RenderOptions {
  overlays?: string[];
  /** Image tag of every box (a release); default: the settings'. */
  tag?: string;
  /** Registry path the images are under (`<registry>/<box>:<tag>`). */
  registry?: string;
  publicUrl?: string;
  namespace?: string;
}

const TAG = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;
const REGISTRY = /^[a-z0-9]+([._-][a-z0-9]+)*(:\d+)?(\/[a-z0-9]+([._-][a-z0-9]+)*)*$/;
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

/** The default settings with the overlays and the options applied; throws a RenderError on bad input. */
export function settingsFor(options: RenderOptions = {}): Settings {
  let s = baseSettings();
  for (const name of options.overlays ?? []) {
    const overlay = findOverlay(name);
    if (!overlay) throw new RenderError(`unknown overlay "${name}": one of ${OVERLAYS.map((o) => o.name).join(', ')}`);
    s = overlay.apply(s);
  }
  if (options.tag !== undefined) {
    if (!TAG.test(options.tag)) throw new RenderError(`--tag "${options.tag}" is not an image tag (letters, digits, _ . -; at most 128)`);
    s = { ...s, image: { ...s.image, tag: options.tag } };
  }
  if (options.registry !== undefined) {
    if (!REGISTRY.test(options.registry)) throw new RenderError(`--registry "${options.registry}" is not a registry path (e.g. ghcr.io/acme/wishlist)`);
    s = { ...s, image: { ...s.image, registry: options.registry } };
  }
  if (options.publicUrl !== undefined) {
    const url = URL.canParse(options.publicUrl) ? new URL(options.publicUrl) : null;
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.username)
      throw new RenderError(`--public-url "${options.publicUrl}" is not an http(s) origin (e.g. https://wishlist.example.com)`);
    s = { ...s, publicUrl: url.origin };
  }
  if (options.namespace !== undefined) {
    if (!DNS_LABEL.test(options.namespace)) throw new RenderError(`--namespace "${options.namespace}" is not a DNS label (a-z, 0-9, -; at most 63)`);
    s = { ...s, namespace: options.namespace };
  }
  return s;
}

export function manifests(s: Settings): Manifest[] {
  const db = mongodbCommunity(s);
  const dbBudget = mongodbDisruptionBudget(s);
  return [
    namespace(s),
    serviceAccount(s),
    ...(db && dbBudget ? [db, dbBudget] : []),
    ...BOX_NAMES.flatMap((box) => [deployment(box, s), service(box, s), autoscaler(box, s), disruptionBudget(box, s)]),
    ingress(s),
    ...networkPolicies(s),
  ];
}

export function render(options: RenderOptions = {}): Manifest[] {
  return manifests(settingsFor(options));
}

const plain = (m: Manifest): unknown => JSON.parse(JSON.stringify(m));

export function toYaml(objects: Manifest[]): string {
  return objects.map((m) => stringify(plain(m), { lineWidth: 0 })).join('---\n');
}
