// CLI: embedded-mongo --port <n> --dbpath <dir> [--host <addr>]
//      embedded-mongo --repair --dbpath <dir>
import { start } from './index';
import { formatRepairReport, repair } from './repair';

const USAGE = `usage: embedded-mongo [--port 27017] [--dbpath <dir>] [--host 127.0.0.1] [--heap-write-limit 0.85]
       embedded-mongo --repair --dbpath <dir>   (engine stopped: back up damaged files, keep every intact record)
`;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0) return process.argv[i + 1];
  const eq = process.argv.find((a) => a.startsWith(`--${name}=`));
  return eq ? eq.slice(name.length + 3) : undefined;
}

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    process.stdout.write(USAGE);
    return;
  }
  const dbPath = arg('dbpath') ?? arg('dbPath');
  if (process.argv.includes('--repair')) {
    if (!dbPath) throw new Error(`--repair needs --dbpath <dir>\n${USAGE}`);
    process.stdout.write(formatRepairReport(await repair(dbPath)));
    return;
  }
  const port = Number(arg('port') ?? 27017);
  const host = arg('host');
  const limit = arg('heap-write-limit');
  const heapWriteLimit = limit === undefined ? undefined : Number(limit);
  // `npm start` waits for the engine while these lines keep coming (at most one a second).
  let shown = 0;
  let phaseShown = '';
  const onProgress = (done: number, total: number, phase: 'records' | 'indexes'): void => {
    const now = Date.now();
    if (now - shown < 1000 && phase === phaseShown) return;
    shown = now;
    phaseShown = phase;
    process.stdout.write(phase === 'records' ? `embedded-mongo: loading ${done}/${total} records\n` : `embedded-mongo: indexing ${done}/${total} entries\n`);
  };
  const server = await start({ port, dbPath, host, heapWriteLimit, onProgress });
  process.stdout.write(`${server.uri}\n`);
  let stopping = false;
  const shutdown = (): void => {
    if (stopping) return;
    stopping = true;
    server.stop().then(
      () => process.exit(0),
      (e) => {
        process.stderr.write(`embedded-mongo: error during shutdown: ${String(e)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  // Under `npm start`: a supervisor killed outright (kill -9) must not leave the engine holding its
  // port and files (service-kit's whenSupervisorGone does the same for the services).
  const supervisor = Number(process.env.WISHLIST_SUPERVISOR_PID);
  if (Number.isInteger(supervisor) && supervisor > 1) {
    setInterval(() => {
      try {
        process.kill(supervisor, 0);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ESRCH') shutdown();
      }
    }, 1000).unref();
  }
}

main().catch((e) => {
  process.stderr.write(`embedded-mongo: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
