// Shared Jest settings: every workspace's jest.config.cjs spreads one of these.
const path = require('node:path');
const transform = {
  '^.+\\.(t|j)sx?$': [
    require.resolve('@swc/jest'),
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};
const common = {
  transform,
  // ESM-only dependencies that must be transformed for Jest's CommonJS runtime (one list for
  // every workspace: mingo for the engine, jose for identity assertions, request-filtering-agent
  // for the page fetch guard, agenda and its MongoDB backend for price watch).
  transformIgnorePatterns: ['/node_modules/(?!(mingo|jose|request-filtering-agent|agenda|@agendajs)/)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/dist-dev/'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'cjs', 'mjs', 'json'],
  // CI machines are shared: a test that takes 1 s alone can take 6 s beside other work. A hang still
  // fails, later; a test that measures a deadline of its own sets it far below this.
  testTimeout: 20000,
};
module.exports = {
  node: { ...common, testEnvironment: 'node', setupFiles: [path.join(__dirname, 'jest.setup-node.cjs')] },
  dom: {
    ...common,
    testEnvironment: 'jsdom',
    setupFiles: [path.join(__dirname, 'jest.setup-dom.cjs')],
    moduleNameMapper: { '\\.(css|less|svg|png|jpg|webp)$': path.join(__dirname, 'jest.file-stub.cjs') },
  },
};
