// MongoDB in the cluster: a three-member replica set run by the MongoDB Community Operator
// (installed beforehand with its CRD). The services read the connection string the operator
// writes; only they (and the members among themselves) reach it.
import type { Overlay } from '../src/settings';

export const mongodbOperator: Overlay = {
  name: 'mongodb-operator',
  description: 'a three-member MongoDBCommunity replica set in the namespace instead of an external URI',
  apply(s) {
    return {
      ...s,
      // The operator's pods do not all meet "restricted" (warned about, not refused).
      podSecurity: 'baseline',
      mongodb: { mode: 'operator', name: 'wishlist-mongodb', members: 3, version: '8.0.12', storageGi: 20, passwordSecret: 'wishlist-mongodb-password' },
    };
  },
};
