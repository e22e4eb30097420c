// `npm run test:scale`: the recommended deployment in small, on this machine. The embedded engine
// once, two copies of each service (auth, lists, offers), two gateways that each name both copies
// of every service, and a balancer in front of the gateways (balancer.ts, what compose's HAProxy
// does). Then, through the balancer: the journeys, the offer race, a read after each write, a
// rolling restart of every box under load, and a remote deployed to both gateways while pages
// load. Prints one line per check (failed/total) and exits 1 on any failure.
// Ports 29100-29199 (stack.ts). Logs of every box: .tmp/scale-test/logs/.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startBalancer, type Balancer } from './balancer';
import { Client, Tally } from './client';
import { runJourneys, useOutbox } from './journeys';
import { runRace } from './race';
import { runReadAfterWrite } from './readAfterWrite';
import { prepareLiveDirs, runRemoteDeploy } from './remoteDeploy';
import { runRolling } from './rolling';
import { defineStack, PORTS, ROOT, startEngine, type Stack } from './stack';
import { formatSummary, passed, type CheckResult } from './summary';

const SIZES = { races: 20, giversPerRace: 8, readAfterWriteRounds: 10, loadClients: 6, releases: 3, pageLoaders: 4 };

const log = (line: string) => console.log(`[scale] ${line}`);

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

async function main(): Promise<number> {
  const ports = [PORTS.engine, ...PORTS.auth, ...PORTS.lists, ...PORTS.offers, ...PORTS.gateway, PORTS.balancer];
  for (const port of ports) if (!(await portIsFree(port))) throw new Error(`port ${port} is in use (the scale test uses ${ports.join(', ')}): is another run still going?`);
  const runDir = join(ROOT, '.tmp/scale-test');
  rmSync(runDir, { recursive: true, force: true });
  const results: CheckResult[] = [];
  let stack: Stack | undefined;
  let balancer: Balancer | undefined;
  let engine: { stop(): Promise<void> } | undefined;
  const stopAll = async () => {
    await balancer?.close();
    for (const box of [...(stack?.gateways ?? []), ...(stack?.services ?? [])]) await box.stop();
    await engine?.stop();
  };
  const onSignal = () => void stopAll().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const started = Date.now();
    const db = await startEngine(join(runDir, 'data'), join(runDir, 'logs'));
    engine = db;
    const { lives, builds } = prepareLiveDirs(runDir);
    useOutbox(join(runDir, 'data/outbox/mails.jsonl'));
    const publicUrl = `http://127.0.0.1:${PORTS.balancer}`;
    stack = defineStack({ runDir, mongodbUri: db.uri, publicUrl, remoteContentDirs: lives }, randomBytes(32).toString('hex'));
    log(`embedded engine at ${db.uri}; starting ${stack.services.length} service copies and ${stack.gateways.length} gateways (logs in ${join(runDir, 'logs')})`);
    await Promise.all(stack.services.map((s) => s.start()));
    await Promise.all(stack.gateways.map((g) => g.start()));
    balancer = await startBalancer({ backends: stack.gateways.map((g) => g.url) }, PORTS.balancer);
    log(`stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s; balancer at ${balancer.url} in front of ${balancer.upBackends().join(', ')}`);
    const client = new Client(balancer.url);
    const gateways = stack.gateways.map((g) => new Client(g.url));

    const check = async (name: string, run: () => Promise<{ tally: Tally; note?: string }>) => {
      log(`${name}…`);
      const t0 = Date.now();
      const { tally, note } = await run();
      const result = { name, tally, note, seconds: (Date.now() - t0) / 1000 };
      results.push(result);
      log(`${name}: ${passed(result) ? 'pass' : 'FAIL'}, ${tally.failed}/${tally.total} failed`);
    };
    await check('1. API journeys (SPEC §7)', async () => ({ tally: await runJourneys(client) }));
    await check('2. offer race', async () => {
      const givers = Array.from({ length: 4 }, () => new Client(balancer!.url));
      const tally = await runRace(client, givers, SIZES);
      await Promise.all(givers.map((g) => g.close()));
      return { tally, note: `${SIZES.races} races of ${SIZES.giversPerRace} givers at once; a failure is a race without exactly one 201 and the rest 409` };
    });
    await check('3. read after each write', async () => ({
      tally: await runReadAfterWrite(gateways, SIZES.readAfterWriteRounds),
      note: 'each write through one gateway, its read at once through the other',
    }));
    await check('4. rolling restart under load', async () => {
      const before = { ...balancer!.stats };
      const gatewayUrls = new Set(stack!.gateways.map((g) => g.url));
      const inRotation = async (box: { url: string }) => {
        for (let i = 0; i < 600 && gatewayUrls.has(box.url) && !balancer!.upBackends().includes(box.url); i++) await new Promise((r) => setTimeout(r, 50));
      };
      const r = await runRolling(balancer!.url, stack!.all, SIZES.loadClients, log, inRotation);
      const retried = balancer!.stats.retried - before.retried;
      return {
        tally: r.tally,
        note: `${SIZES.loadClients} clients; restarted ${r.restarted.join(', ')}; ${r.duringRestarts} requests answered during the restarts; the balancer sent ${retried} again after a refused connection`,
      };
    });
    await check('5. remote deployed to both gateways while pages load', async () => ({
      tally: await runRemoteDeploy(balancer!.url, lives, builds, SIZES.releases, SIZES.pageLoaders),
      note: `${SIZES.releases} releases, deploy-remote --phase files then --phase activate on each gateway's directory; a failure is a broken page load`,
    }));
    await Promise.all([client, ...gateways].map((c) => c.close()));
  } catch (err) {
    const tally = new Tally();
    tally.record(false, (err as Error).message);
    results.push({ name: 'the stack', tally, seconds: 0 });
  } finally {
    await stopAll();
  }
  console.log(`\n=== scale test: two copies of auth, lists and offers, two gateways, one balancer ===\n${formatSummary(results)}`);
  const ok = results.every(passed);
  if (!ok) console.log(`logs of every box: ${join(runDir, 'logs')}`);
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`[scale] ${err.message}`);
    process.exit(1);
  },
);
