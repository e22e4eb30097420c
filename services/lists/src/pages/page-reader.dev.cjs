// The page-reader thread when the service runs from its TypeScript sources (`npm start`, Jest):
// a worker thread gets neither Jest's transform nor, always, the parent's loader, so the thread
// registers tsx's CommonJS hook itself. The image runs dist/page-reader.worker.js instead.
require('tsx/cjs/api').register();
module.exports = require('./page-reader.worker.ts');
