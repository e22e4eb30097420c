const preset = require('../../jest.preset.cjs').node;
// jose (used by @wishlist/service-kit) is ESM-only: let swc transform it for Jest.
module.exports = { ...preset, transformIgnorePatterns: ['/node_modules/(?!(mingo|jose)/)'] };
