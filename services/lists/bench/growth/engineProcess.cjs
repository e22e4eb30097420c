// The embedded engine's CLI exactly as `npm start` runs it (bin/embedded-mongo.cjs), plus one
// thing for `npm run bench:growth`: SIGUSR2 makes it compact its journal now, and it prints when
// the compaction started and ended, so the bench can time the requests that ran meanwhile.
// A compaction that is asynchronous (a promise) is awaited. An engine without a way to compact
// on demand prints that it cannot, and the bench reports the stall as not measured.
require('tsx/cjs');
const path = require('node:path');

const engineDir = path.resolve(__dirname, '../../../embedded-mongo');
const storages = new Set();
try {
  const { Storage } = require(path.join(engineDir, 'src/storage.ts'));
  if (Storage && typeof Storage.open === 'function') {
    const open = Storage.open;
    Storage.open = function (...args) {
      const storage = open.apply(this, args);
      storages.add(storage);
      return storage;
    };
  }
} catch {
  // another storage layout: no compaction on demand
}

process.on('SIGUSR2', () => {
  const targets = [...storages].filter((s) => typeof s.compact === 'function');
  if (targets.length === 0) {
    process.stdout.write('bench-growth: compaction unavailable\n');
    return;
  }
  const started = process.hrtime.bigint();
  process.stdout.write('bench-growth: compaction started\n');
  (async () => {
    for (const s of targets) await s.compact();
  })().then(
    () => process.stdout.write(`bench-growth: compaction done ${Number(process.hrtime.bigint() - started) / 1e6}\n`),
    (err) => process.stdout.write(`bench-growth: compaction failed ${String(err && err.message)}\n`),
  );
});

require(path.join(engineDir, 'bin/embedded-mongo.cjs'));
