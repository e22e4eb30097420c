// kubernetes-models and its @kubernetes-models packages are ES modules whose exports offer only an
// "import" condition: resolve those requests (and only those) with it.
const ESM_ONLY = /^(@kubernetes-models\/|kubernetes-models(\/|$))/;

module.exports = (request, options) =>
  options.defaultResolver(request, ESM_ONLY.test(request) ? { ...options, conditions: ['import', 'default'] } : options);
