module.exports = {
  ...require('../../jest.preset.cjs').node,
  // ESM-only dependencies: jose (preset), request-filtering-agent (page fetch guard).
  transformIgnorePatterns: ['/node_modules/(?!(mingo|jose|request-filtering-agent)/)'],
};
