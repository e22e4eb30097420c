// Server bundles (server-bundle.mjs) never load remotes: what the browser build loads at run time
// renders as its placeholder on the server.
const refuse = () => Promise.reject(new Error('no federation runtime on the server'));
module.exports = {
  loadRemote: refuse,
  preloadRemote: refuse,
  registerRemotes: () => undefined,
  registerPlugins: () => undefined,
};
