// Overlays: named changes to the default settings, applied in the order given
// (`npm run k8s:render -- --overlay production --overlay mongodb-operator`).
import { mongodbOperator } from '../overlays/mongodb-operator';
import { production } from '../overlays/production';
import type { Overlay } from './settings';

export type { Overlay } from './settings';

export const OVERLAYS: readonly Overlay[] = [
  { name: 'default', description: 'two pods per box, an external replica set (MONGODB_URI in the Secret)', apply: (s) => s },
  production,
  mongodbOperator,
];

export function findOverlay(name: string): Overlay | undefined {
  return OVERLAYS.find((o) => o.name === name);
}
