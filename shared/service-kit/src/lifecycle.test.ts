// GET /health/ready of a service built with createService: apart from liveness (GET /health).
import request from 'supertest';
import { createService } from './service';

describe('readiness', () => {
  it('is ready without a database to wait for, and not ready once draining (connections then close)', async () => {
    const service = createService({ name: 'plain', usesDatabase: false, routes: () => undefined });
    expect((await request(service.app).get('/health/ready')).body).toEqual({ data: { service: 'plain', ready: true } });
    service.lifecycle.drain();
    const res = await request(service.handler).get('/health/ready');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ data: { service: 'plain', ready: false, reason: 'draining', reasons: ['draining'] } });
    expect(res.headers['retry-after']).toBe('2');
    expect(res.headers.connection).toBe('close');
    // Liveness does not change while draining.
    expect((await request(service.app).get('/health')).status).toBe(200);
  });

  it('is not ready while the database is not connected', async () => {
    const service = createService({ name: 'stored', routes: () => undefined });
    const res = await request(service.app).get('/health/ready');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ data: { service: 'stored', ready: false, reason: 'database disconnected', reasons: ['database disconnected'] } });
  });
});
