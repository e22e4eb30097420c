module.exports = {
  ...require('../../jest.preset.cjs').node,
  // ESM-only dependencies: jose (preset), request-filtering-agent (the lists app the tests start).
  transformIgnorePatterns: ['/node_modules/(?!(mingo|jose|request-filtering-agent)/)'],
};
