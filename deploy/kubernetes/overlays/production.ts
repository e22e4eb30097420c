// Production: three pods of each box at least (one may be evicted while one restarts), spread over
// zones as well as nodes, room to grow, and a certificate from cert-manager.
import type { Overlay } from '../src/settings';

export const production: Overlay = {
  name: 'production',
  description: 'three or more pods per box over zones, more resources, cert-manager TLS',
  apply(s) {
    const grow = (min: number, max: number) => ({ min, max });
    return {
      ...s,
      spreadOver: ['topology.kubernetes.io/zone', 'kubernetes.io/hostname'],
      ingress: { ...s.ingress, annotations: { ...s.ingress.annotations, 'cert-manager.io/cluster-issuer': 'letsencrypt' } },
      boxes: {
        gateway: { ...s.boxes.gateway, replicas: grow(3, 12), requests: { cpu: '500m', memoryMi: 384 }, limits: { cpu: '2', memoryMi: 768 }, heapMi: 512 },
        auth: { ...s.boxes.auth, replicas: grow(3, 8), requests: { cpu: '250m', memoryMi: 320 } },
        lists: { ...s.boxes.lists, replicas: grow(3, 12), requests: { cpu: '500m', memoryMi: 512 } },
        offers: { ...s.boxes.offers, replicas: grow(3, 8), requests: { cpu: '250m', memoryMi: 320 } },
      },
    };
  },
};
