// Only what docs/frontend-contract.md promises from the UI kit.
export { isNativeShell } from '@wishlist/ui';
