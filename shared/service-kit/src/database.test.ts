import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import request from 'supertest';
import { connectDatabase, startTestDatabase } from './database';
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

  it('connectDatabase keeps data on disk under DATA_DIR/<dbName> (embedded mode)', async () => {
    if (process.env.MONGODB_URI) return;
    const dataDir = await mkdtemp(join(tmpdir(), 'kit-db-'));
    try {
      let db = await connectDatabase({ dbName: 'kit', dataDir, mongodbUri: '' });
      expect(db.embedded).toBe(true);
      await Item.create({ name: 'kept' });
      await db.close();
      expect(existsSync(join(dataDir, 'kit'))).toBe(true);
      db = await connectDatabase({ dbName: 'kit', dataDir, mongodbUri: '' });
      expect((await Item.find()).map((i) => i.name)).toEqual(['kept']);
      await db.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
