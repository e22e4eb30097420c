/** Where the shell puts the federation SDK and its error codes for the remotes (provideFederationSdk.ts). */
export const SDK_GLOBAL = '_FEDERATION_SDK';
export const ERROR_CODES_GLOBAL = '_FEDERATION_ERROR_CODES';
