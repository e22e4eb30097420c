#!/usr/bin/env node
// Runs the TypeScript CLI through tsx (installed at the workspace root).
require('tsx/cjs');
// METRICS_PORT set: the engine's own Prometheus metrics (metrics.ts), before anything starts.
if (process.env.METRICS_PORT) require('../metrics.ts').serveEngineMetricsFromEnv();
require('../src/cli.ts');
