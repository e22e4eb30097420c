// What metrics and traces cost a request: `npx tsx shared/service-kit/bench/observability.bench.ts`.
// One process, one app, three servers measured in interleaved rounds (order rotated each round,
// medians of 11), reported as ratios to the first: the CPU time of the process per request (the
// client's share is the same for all three, and other processes' load barely moves it) and the
// throughput (moves with the machine's load).
//   bare      the Express app alone (no request metrics, no server span)
//   observed  as `listen` serves it: request metrics and a server span (not sampled: no exporter)
//   sampled   the same, called with a sampled traceparent: the span is recorded (no exporter)
// Every server logs its access line at info to a sink that drops it (the trace mixin runs).
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, createService } from '../src';

const REQUESTS = 2000;
const CONCURRENCY = 16;
const ROUNDS = 11;

async function serve(handler: RequestListener): Promise<{ url: string; server: Server }> {
  const server = createServer(handler).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function run(url: string, headers: Record<string, string>): Promise<{ rps: number; cpuUs: number }> {
  let next = 0;
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const i = next++;
        const res = await fetch(`${url}/api/things/${i.toString(16).padStart(24, '0')}`, { headers });
        await res.arrayBuffer();
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return { rps: REQUESTS / (Number(process.hrtime.bigint() - started) / 1e9), cpuUs: (used.user + used.system) / REQUESTS };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const service = createService({
    name: 'bench',
    usesDatabase: false,
    logger: createLogger({ name: 'bench', level: 'info', destination: { write: () => undefined } }),
    routes(router) {
      router.get('/api/things/:id', (req, res) => {
        res.json({ data: { id: req.params.id, name: 'A thing', price: 1999 } });
      });
    },
  });
  const bare = await serve(service.app);
  const observed = await service.listen(0, '127.0.0.1');
  const observedUrl = `http://127.0.0.1:${observed.port}`;
  const sampled = { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' };
  const variants: [string, string, Record<string, string>][] = [
    ['bare', bare.url, {}],
    ['observed', observedUrl, {}],
    ['sampled', observedUrl, sampled],
  ];
  const results = new Map(variants.map(([name]) => [name, { rps: [] as number[], cpuUs: [] as number[] }]));
  for (const [, url, headers] of variants) await run(url, headers); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < variants.length; k++) {
      const [name, url, headers] = variants[(round + k) % variants.length];
      const r = await run(url, headers);
      results.get(name)!.rps.push(r.rps);
      results.get(name)!.cpuUs.push(r.cpuUs);
    }
  }
  const base = results.get('bare')!;
  for (const [name, r] of results) {
    console.log(
      `${name.padEnd(9)} CPU ${median(r.cpuUs).toFixed(0).padStart(4)} µs/request (ratio ${(median(r.cpuUs) / median(base.cpuUs)).toFixed(3)})` +
        `  ${median(r.rps).toFixed(0).padStart(5)} req/s (ratio ${(median(r.rps) / median(base.rps)).toFixed(3)})`,
    );
  }
  bare.server.close();
  await observed.close();
}

void main();
