// kubernetes-models ships ES modules only: jest.resolver.cjs finds them, SWC turns them into
// CommonJS like our own sources.
const preset = require('../../jest.preset.cjs').node;

module.exports = {
  ...preset,
  displayName: 'k8s',
  resolver: require.resolve('./jest.resolver.cjs'),
  transformIgnorePatterns: ['/node_modules/(?!(kubernetes-models|@kubernetes-models|is-cidr|cidr-regex|ip-regex|mingo|jose|request-filtering-agent)/)'],
};
