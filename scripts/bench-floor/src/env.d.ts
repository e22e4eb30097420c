// Stylesheets are imported for their effect; Rsbuild bundles them.
declare module '*.css';
