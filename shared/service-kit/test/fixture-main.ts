// A minimal service main.ts used by runService.test.ts (started with tsx in a child process).
import { commonSettings, createService, defineConfig, runService } from '../src';

const config = defineConfig('fixture', { ...commonSettings({ port: 0 }) });

void runService({
  name: 'fixture',
  config,
  create: (c) =>
    createService({
      name: 'fixture',
      config: c,
      usesDatabase: false,
      routes(router) {
        router.get('/slow', (_req, res) => void setTimeout(() => res.json({ data: 'finished' }), 300));
      },
    }),
  onShutdown: () => console.log('cleanup ran'),
});
