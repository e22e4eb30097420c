import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { requestLogger } from './logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('requestLogger', () => {
  it('logs one line per answered request: id, method, url, status, response time', async () => {
    const { lines, logger } = capture();
    const app = express();
    app.use(requestLogger(logger));
    app.get('/things/:id', (_req, res) => {
      res.json({ ok: true });
    });
    app.get('/missing', (_req, res) => {
      res.status(404).end();
    });
    app.get('/broken', (_req, res) => {
      res.status(503).end();
    });
    const ok = await request(app).get('/things/1?x=2').set('X-Request-Id', 'req-1');
    expect(ok.headers['x-request-id']).toBe('req-1');
    await request(app).get('/missing');
    await request(app).get('/broken');
    await tick();
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'request completed', req: { id: 'req-1', method: 'GET', url: '/things/1?x=2' }, res: { statusCode: 200 } });
    expect(typeof lines[0].responseTime).toBe('number');
    expect(lines[0]).not.toHaveProperty('req.headers');
    expect(lines[1]).toMatchObject({ level: 40, msg: 'request completed', res: { statusCode: 404 } });
    expect(lines[2]).toMatchObject({ level: 50, msg: 'request errored', res: { statusCode: 503 } });
  });

  it('does not log /health, and req.log is a child bound to the request', async () => {
    const { lines, logger } = capture();
    const app = express();
    app.use(requestLogger(logger));
    app.get('/health', (_req, res) => {
      res.end();
    });
    app.get('/note', (req, res) => {
      req.log.info({ detail: 1 }, 'a note');
      res.end();
    });
    await request(app).get('/health');
    await request(app).get('/note').set('X-Request-Id', 'n-1');
    await tick();
    expect(lines.map((l) => l.msg)).toEqual(['a note', 'request completed']);
    expect(lines[0]).toMatchObject({ detail: 1, req: { id: 'n-1', method: 'GET', url: '/note' } });
  });

  it('logs nothing below its level', async () => {
    const { lines, logger } = capture();
    logger.level = 'warn';
    const app = express();
    app.use(requestLogger(logger));
    app.get('/a', (_req, res) => {
      res.end();
    });
    app.get('/b', (_req, res) => {
      res.status(400).end();
    });
    await request(app).get('/a');
    await request(app).get('/b');
    await tick();
    expect(lines.map((l) => l.res)).toEqual([{ statusCode: 400 }]);
  });
});
