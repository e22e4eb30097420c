import { internalClient } from './internalClient';
import { createLogger } from './logger';
import { createService, type Listening } from './service';

/** A logger whose JSON lines land in `lines` (at info), as stdout would get them. */
function capturingLogger(name: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ name, level: 'info', destination: { write: (s: string) => void lines.push(JSON.parse(s)) } });
  return { logger, lines };
}

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

describe('trace context', () => {
  const front = capturingLogger('front');
  const back = capturingLogger('back');
  let frontUp: Listening;
  let backUp: Listening;
  let base: string;

  beforeAll(async () => {
    const backService = createService({
      name: 'back',
      usesDatabase: false,
      logger: back.logger,
      routes(router) {
        router.get('/internal/things/:id', (req, res) => {
          req.log.info({ thing: req.params.id }, 'thing looked up');
          res.json({ data: { id: req.params.id, traceparent: req.headers.traceparent ?? null } });
        });
      },
    });
    backUp = await backService.listen(0, '127.0.0.1');
    const client = internalClient(`http://127.0.0.1:${backUp.port}`, { serviceName: 'front', upstreamName: 'back' });
    const frontService = createService({
      name: 'front',
      usesDatabase: false,
      logger: front.logger,
      routes(router) {
        router.get('/api/things/:id', async (req, res) => {
          const answer = await client.get<{ data: unknown }>(`/internal/things/${req.params.id}`);
          res.json(answer.body);
        });
      },
    });
    frontUp = await frontService.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${frontUp.port}`;
  });
  afterAll(async () => {
    await frontUp.close();
    await backUp.close();
  });
  beforeEach(() => {
    front.lines.length = 0;
    back.lines.length = 0;
  });

  /** Lines are written once the answer is sent: wait for the access line of each box. */
  const settled = async () => {
    for (let i = 0; i < 100 && !(front.lines.some((l) => l.msg === 'request completed') && back.lines.some((l) => l.msg === 'request completed')); i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it("continues the caller's traceparent, into the service's own calls, on every log line", async () => {
    const res = await fetch(`${base}/api/things/42`, { headers: { traceparent: PARENT } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { traceparent: string } };
    // The back service is called with the same trace, as a child of the front's span.
    expect(body.data.traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-0[01]$`));
    expect(body.data.traceparent).not.toBe(PARENT);
    await settled();
    expect(front.lines.length).toBeGreaterThan(0);
    expect(back.lines.length).toBeGreaterThanOrEqual(2);
    for (const line of [...front.lines, ...back.lines]) {
      expect(line.trace_id).toBe(TRACE_ID);
      expect(line.span_id).toMatch(/^[0-9a-f]{16}$/);
    }
    expect(back.lines.find((l) => l.msg === 'thing looked up')).toMatchObject({ trace_id: TRACE_ID, thing: '42' });
  });

  it('starts a trace when none (or a malformed one) comes, shared by the boxes the request goes through', async () => {
    for (const headers of [{}, { traceparent: 'garbage' }, { traceparent: `00-${'0'.repeat(32)}-00f067aa0ba902b7-01` }] as Record<string, string>[]) {
      front.lines.length = 0;
      back.lines.length = 0;
      const res = await fetch(`${base}/api/things/7`, { headers });
      expect(res.status).toBe(200);
      await settled();
      const traceId = front.lines[0]?.trace_id;
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(traceId).not.toBe('0'.repeat(32));
      for (const line of back.lines) expect(line.trace_id).toBe(traceId);
    }
  });
});
