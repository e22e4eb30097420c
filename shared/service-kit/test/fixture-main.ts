// A minimal service main.ts used by runService.test.ts and drain.test.ts (started with tsx in a child process).
import { existsSync } from 'node:fs';
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
        // Answers once the file HOLD_FILE exists: a request kept in flight for as long as a test needs.
        router.get('/hold/:n', (req, res) => {
          console.log(`holding ${req.params.n}`);
          const poll = setInterval(() => {
            if (!existsSync(process.env.HOLD_FILE ?? '')) return;
            clearInterval(poll);
            res.json({ data: `released ${req.params.n}` });
          }, 20);
        });
      },
    }),
  onShutdown: () => console.log('cleanup ran'),
});
