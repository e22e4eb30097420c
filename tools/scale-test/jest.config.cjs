module.exports = { ...require('../../jest.preset.cjs').node, testTimeout: 60000 };
