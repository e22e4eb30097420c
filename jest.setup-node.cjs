// Node test runs: the embedded engine the service kit's test helpers start (startTestDatabase, the
// standalone harness) when MONGODB_URI is not set. The kit does not depend on the engine; the test
// run gives it one, loaded only when a test starts a database.
globalThis[Symbol.for('@wishlist/service-kit:start-embedded')] = (options) => require('@wishlist/embedded-mongo').start(options);
