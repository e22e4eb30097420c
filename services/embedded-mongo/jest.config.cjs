module.exports = { ...require('../../jest.preset.cjs').node, testTimeout: 30000 };
