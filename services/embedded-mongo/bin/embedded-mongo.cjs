#!/usr/bin/env node
// Runs the TypeScript CLI through tsx (installed at the workspace root).
require('tsx/cjs');
require('../src/cli.ts');
