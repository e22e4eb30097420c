// The scripts' pure modules (ES modules, .mjs), tested as the workspaces' code is: SWC turns them
// into CommonJS for Jest.
const preset = require('../jest.preset.cjs').node;

const [swc] = Object.values(preset.transform);
module.exports = {
  ...preset,
  displayName: 'scripts',
  transform: { '^.+\\.mjs$': swc },
  testMatch: ['<rootDir>/**/*.test.mjs'],
};
