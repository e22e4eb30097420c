const preset = require('../../jest.preset.cjs').node;
// jose is ESM-only: let swc transform it for Jest's CommonJS runtime.
module.exports = { ...preset, transformIgnorePatterns: ['/node_modules/(?!(mingo|jose)/)'] };
