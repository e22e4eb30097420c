// React Refresh's runtime, one per page (development only; aliased for `react-refresh/runtime` by
// createHostConfig and createRemoteConfig). Each app's dev build carries its own copy of the
// runtime, but React DOM (a shared singleton, loaded once by the shell) reports its renderer to the
// devtools hook once, to whichever runtime was injected first: a remote's own copy never learns of
// it, so an edit to a remote's component was applied by its hot update and never re-rendered. Every
// app here uses the copy the first app on the page put on `globalThis`; the shell loads first, so it
// is the shell's, and a remote running alone uses its own.
import * as own from 'react-refresh/cjs/react-refresh-runtime.development.js';

/** The runtime's exports (react-refresh ships no types); only JavaScript calls them. */
type Fn = (...args: never[]) => unknown;
type Runtime = Record<
  | 'collectCustomHooksForSignature'
  | 'createSignatureFunctionForTransform'
  | 'getFamilyByID'
  | 'getFamilyByType'
  | 'hasUnrecoverableErrors'
  | 'injectIntoGlobalHook'
  | 'isLikelyComponentType'
  | 'performReactRefresh'
  | 'register'
  | 'setSignature',
  Fn
>;

const KEY = '__wishlistReactRefreshRuntime';
const holder = globalThis as unknown as Record<typeof KEY, Runtime | undefined>;
const runtime: Runtime = (holder[KEY] ??= own as unknown as Runtime);

export const {
  collectCustomHooksForSignature,
  createSignatureFunctionForTransform,
  getFamilyByID,
  getFamilyByType,
  hasUnrecoverableErrors,
  injectIntoGlobalHook,
  isLikelyComponentType,
  performReactRefresh,
  register,
  setSignature,
} = runtime;
