// react-refresh ships no types; reactRefreshRuntime.ts reads its development runtime as a plain object.
declare module 'react-refresh/cjs/react-refresh-runtime.development.js';
