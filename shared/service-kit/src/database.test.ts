import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import request from 'supertest';
import { start as startEngine } from '@wishlist/embedded-mongo';
import { connectDatabase, databaseState, DEFAULT_POOL_SIZE, startTestDatabase } from './database';
import { HttpError, isDatabaseUnavailable, toHttpError } from './errors';
import { createService } from './service';

const Item = mongoose.models.KitItem ?? mongoose.model('KitItem', new mongoose.Schema({ name: { type: String, required: true } }));

describe('database (embedded engine, or MONGODB_URI when set)', () => {
  it('startTestDatabase gives a working, isolated database', async () => {
    const db = await startTestDatabase();
    try {
      await Item.create({ name: 'a' });
      expect(await Item.countDocuments()).toBe(1);
      await db.clear();
      expect(await Item.countDocuments()).toBe(0);
    } finally {
      await db.close();
    }
  });

  it('health reports the connection; bad ids and model validation are 400/422, not 500', async () => {
    const db = await startTestDatabase();
    try {
      const { app } = createService({
        name: 'demo',
        routes(router) {
          router.get('/items/:id', async (req, res) => {
            res.json({ data: await Item.findById(req.params.id) });
          });
          router.post('/items', async (req, res) => {
            res.status(201).json({ data: await Item.create(req.body) });
          });
        },
      });
      expect((await request(app).get('/health')).body.data.db).toBe('connected');
      expect((await request(app).get('/items/not-an-id')).status).toBe(400);
      const invalid = await request(app).post('/items').send({});
      expect(invalid.status).toBe(422);
      expect(invalid.body.errors.name).toBeDefined();
    } finally {
      await db.close();
    }
    const { app } = createService({ name: 'demo', routes: () => undefined });
    expect((await request(app).get('/health')).status).toBe(503);
  });

  it('connectDatabase without a MongoDB URI needs an engine to start', async () => {
    await expect(connectDatabase({ dbName: 'kit', mongodbUri: '' })).rejects.toThrow(/MONGODB_URI is not set and this process was given no embedded engine/);
  });

  it('connectDatabase keeps data on disk under DATA_DIR/<dbName> (embedded mode)', async () => {
    if (process.env.MONGODB_URI) return;
    const dataDir = await mkdtemp(join(tmpdir(), 'kit-db-'));
    try {
      let db = await connectDatabase({ dbName: 'kit', dataDir, mongodbUri: '', startEmbedded: startEngine });
      expect(db.embedded).toBe(true);
      expect(db.connection.getClient().options.maxPoolSize).toBe(DEFAULT_POOL_SIZE);
      await Item.create({ name: 'kept' });
      await db.close();
      expect(existsSync(join(dataDir, 'kit'))).toBe(true);
      db = await connectDatabase({ dbName: 'kit', dataDir, mongodbUri: '', startEmbedded: startEngine, poolSize: 3 });
      expect((await Item.find()).map((i) => i.name)).toEqual(['kept']);
      // MONGODB_POOL_SIZE: the connections one copy keeps at most.
      expect(db.connection.getClient().options.maxPoolSize).toBe(3);
      await db.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('database outage: 503 + Retry-After, then recovery without a restart', () => {
  it('answers 503 database_unavailable quickly while the engine is down, and serves again once it is back on the same port', async () => {
    if (process.env.MONGODB_URI) return; // needs an engine it can stop
    const dataDir = await mkdtemp(join(tmpdir(), 'kit-outage-'));
    let engine = await startEngine({ port: 0, dbPath: join(dataDir, 'db') });
    const port = engine.port;
    const db = await connectDatabase({ dbName: 'outage', mongodbUri: engine.uri });
    const { app } = createService({
      name: 'demo',
      routes(router) {
        router.get('/items', async (_req, res) => {
          res.json({ data: (await Item.find().lean()).map((i) => i.name) });
        });
        router.post('/items', async (req, res) => {
          res.status(201).json({ data: await Item.create(req.body) });
        });
      },
    });
    try {
      expect((await request(app).post('/items').send({ name: 'before' })).status).toBe(201);

      await engine.stop();
      for (const call of [() => request(app).get('/items'), () => request(app).post('/items').send({ name: 'during' })]) {
        const startedAt = Date.now();
        const res = await call();
        expect(res.status).toBe(503);
        expect(res.headers['retry-after']).toBe('2');
        expect(res.body).toEqual({ error: { code: 'database_unavailable', message: expect.any(String) } });
        expect(JSON.stringify(res.body)).not.toMatch(/ECONNREFUSED|at .*\.js|Mongo/);
        expect(Date.now() - startedAt).toBeLessThan(15_000); // not the driver's 30 s default
      }
      // Health notices within a heartbeat (1 s) even when no request failed.
      const downAt = Date.now();
      let health = await request(app).get('/health');
      while (health.status === 200 && Date.now() - downAt < 5_000) {
        await new Promise((r) => setTimeout(r, 100));
        health = await request(app).get('/health');
      }
      expect(health.status).toBe(503);
      expect(health.body.data).toMatchObject({ status: 'degraded', db: 'unreachable' });
      expect(health.headers['retry-after']).toBe('2');
      // Now the driver knows the server is gone: a request waits for server selection (2 s), not 30 s.
      const selectingAt = Date.now();
      const selecting = await request(app).get('/items');
      expect([selecting.status, selecting.body.error?.code, selecting.headers['retry-after']]).toEqual([503, 'database_unavailable', '2']);
      expect(Date.now() - selectingAt).toBeLessThan(15_000);

      engine = await startEngine({ port, dbPath: join(dataDir, 'db') });
      const backAt = Date.now();
      let res = await request(app).get('/items');
      while (res.status !== 200 && Date.now() - backAt < 10_000) {
        await new Promise((r) => setTimeout(r, 100));
        res = await request(app).get('/items');
      }
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(['before']);
      // Health follows within a heartbeat or two, with no request needed.
      let state = databaseState();
      while (state !== 'connected' && Date.now() - backAt < 10_000) {
        await new Promise((r) => setTimeout(r, 100));
        state = databaseState();
      }
      expect(state).toBe('connected');
      expect((await request(app).get('/health')).status).toBe(200);
      expect((await request(app).post('/items').send({ name: 'after' })).status).toBe(201);
    } finally {
      await db.close();
      await engine.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('answers 503 within seconds while the engine hangs (SIGSTOP: it accepts but never answers), and serves again when it resumes', async () => {
    if (process.env.MONGODB_URI) return;
    const bin = join(__dirname, '../../../services/embedded-mongo/bin/embedded-mongo.cjs');
    const engine = spawn(process.execPath, [bin, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const uri = await new Promise<string>((resolve, reject) => {
      engine.stdout!.on('data', (d) => {
        const m = /mongodb:\/\/\S+/.exec(String(d));
        if (m) resolve(m[0]);
      });
      engine.once('exit', () => reject(new Error('the engine exited')));
    });
    const db = await connectDatabase({ dbName: 'hung', mongodbUri: uri });
    const { app } = createService({
      name: 'demo',
      routes(router) {
        router.get('/items', async (_req, res) => {
          res.json({ data: (await Item.find().lean()).map((i) => i.name) });
        });
      },
    });
    try {
      await Item.create({ name: 'kept' });
      engine.kill('SIGSTOP');
      const startedAt = Date.now();
      const res = await request(app).get('/items');
      expect([res.status, res.body.error?.code, res.headers['retry-after']]).toEqual([503, 'database_unavailable', '2']);
      expect(Date.now() - startedAt).toBeLessThan(15_000); // the driver's defaults: 30 s and more
      engine.kill('SIGCONT');
      const resumedAt = Date.now();
      let back = await request(app).get('/items');
      while (back.status !== 200 && Date.now() - resumedAt < 10_000) {
        await new Promise((r) => setTimeout(r, 100));
        back = await request(app).get('/items');
      }
      expect(back.body).toEqual({ data: ['kept'] });
    } finally {
      engine.kill('SIGCONT');
      await db.close();
      engine.kill('SIGKILL');
    }
  }, 60_000);

  it('maps every driver "cannot reach the database" error to 503, and leaves other errors alone', () => {
    const named = (name: string, extra: object = {}) => Object.assign(new Error('x'), { name, ...extra });
    for (const err of [
      named('MongoServerSelectionError'),
      named('MongooseServerSelectionError'),
      named('MongoNetworkError'),
      named('MongoNetworkTimeoutError'),
      named('MongoNotConnectedError'),
      named('MongoPoolClearedError'),
      named('MongoTopologyClosedError'),
      Object.assign(new Error('Operation `items.find()` buffering timed out after 2000ms'), { name: 'MongooseError' }),
      named('MongoServerError', { code: 10107 }), // NotWritablePrimary (election)
      named('MongoServerError', { code: 91 }), // ShutdownInProgress
      named('Error', { cause: named('MongoNetworkError') }),
      // A transaction cut by a restart of the server (NoSuchTransaction after the retries)
      named('MongoServerError', { code: 251, errorLabels: ['TransientTransactionError'] }),
      named('MongoServerError', { code: 50, hasErrorLabel: (l: string) => l === 'UnknownTransactionCommitResult' }),
      // The driver writing to the socket of a server killed a moment ago (unwrapped by the driver)
      Object.assign(new Error('This socket has been ended by the other party'), {
        code: 'EPIPE',
        stack: 'Error: This socket has been ended by the other party\n    at Socket.writeAfterFIN [as write] (node:net:566:14)\n    at Connection.writeCommand (/app/node_modules/mongodb/src/cmap/connection.ts:722:23)',
      }),
    ]) {
      expect(isDatabaseUnavailable(err)).toBe(true);
      const { error, unexpected } = toHttpError(err);
      expect([error.status, error.code, error.retryAfterS, unexpected]).toEqual([503, 'database_unavailable', 2, false]);
    }
    for (const err of [new Error('boom'), named('MongoServerError', { code: 2 }), named('MongooseError'), named('Error', { errorLabels: ['TransientTransactionError'] }), null,
      // The same socket error from another connection (a shop page, the mail server) is not the database
      Object.assign(new Error('socket hang up'), { code: 'ECONNRESET', stack: 'Error: socket hang up\n    at TLSSocket.socketOnEnd (node:_http_client:524:23)' }),
    ]) {
      expect(isDatabaseUnavailable(err)).toBe(false);
    }
    expect(toHttpError(named('MongoServerError', { code: 11000 })).error.status).toBe(409);
    expect(HttpError.serviceUnavailable('x', 'y', 5).retryAfterS).toBe(5);
  });
});
