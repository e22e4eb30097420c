/* global rs, db: writable, Mongo, sleep -- mongosh provides them (and print) */
// The `replica-set` profile of docker-compose.yml: makes rs0 a set of three members (mongo, mongo-2,
// mongo-3), run once by the one-shot container mongo-rs-init (mongosh --file). Idempotent: run again,
// it finds the members there and only waits for them.
//   - rs0 not initiated yet: rs.initiate with the three members;
//   - initiated with fewer (mongo's own health check initiates a set of one, which is how the
//     product runs without the profile): adds the missing members one at a time (MongoDB accepts
//     one voting member more per reconfiguration), on the primary.
const MEMBERS = ['mongo:27017', 'mongo-2:27017', 'mongo-3:27017'];
const SET = 'rs0';

function initiated() {
  try {
    rs.status();
    return true;
  } catch (e) {
    if (e.codeName === 'NotYetInitialized' || /no replset config/i.test(String(e.message))) return false;
    throw e;
  }
}

if (!initiated()) {
  print(`initiating ${SET} with ${MEMBERS.join(', ')}`);
  rs.initiate({ _id: SET, members: MEMBERS.map((host, _id) => ({ _id, host })) });
}

// Reconfiguration happens on the primary, wherever it is now: the rs helpers below run on `db`,
// a connection to the whole set.
db = new Mongo(`mongodb://${MEMBERS.join(',')}/?replicaSet=${SET}`).getDB('admin');
const waitFor = (what, test) => {
  for (let i = 0; !test(); i++) {
    if (i === 120) throw new Error(`gave up waiting for ${what}`);
    sleep(1000);
  }
};
waitFor('a primary', () => Boolean(db.hello().primary));

for (const host of MEMBERS) {
  if (rs.conf().members.some((m) => m.host === host)) continue;
  print(`adding ${host} to ${SET}`);
  const result = rs.add(host);
  if (!result.ok) throw new Error(`adding ${host}: ${result.errmsg}`);
}

const healthy = () => rs.status().members.filter((m) => m.state === 1 || m.state === 2).length;
waitFor('every member to be primary or secondary', () => healthy() === MEMBERS.length);
print(`${SET}: ${MEMBERS.join(', ')}, primary ${db.hello().primary}`);
