import request from 'supertest';
import { ConfigError } from '@wishlist/service-kit';
import { createGateway } from './app';
import { configFor, makeFrontends } from './test-support/fixtures';

const fe = makeFrontends();
afterAll(() => fe.cleanup());

const FP1 = '14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5';
const FP2 = 'ab:cd:ef:01:23:45:67:89:ab:cd:ef:01:23:45:67:89:ab:cd:ef:01:23:45:67:89:ab:cd:ef:01:23:45:67:89';

describe('/.well-known/assetlinks.json', () => {
  it('serves the Digital Asset Links statement from ANDROID_PACKAGE_NAME and ANDROID_CERT_FINGERPRINTS', async () => {
    const app = createGateway(configFor(fe.root, { ANDROID_PACKAGE_NAME: 'com.example.wishlist', ANDROID_CERT_FINGERPRINTS: `${FP1}, ${FP2}` })).app;
    const res = await request(app).get('/.well-known/assetlinks.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(res.body).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: { namespace: 'android_app', package_name: 'com.example.wishlist', sha256_cert_fingerprints: [FP1, FP2.toUpperCase()] },
      },
    ]);
  });

  it('answers a JSON 404 when not configured, even for an HTML navigation', async () => {
    const app = createGateway(configFor(fe.root)).app;
    const res = await request(app).get('/.well-known/assetlinks.json').set('Accept', 'text/html,application/xhtml+xml');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.error.code).toBe('not_found');
  });

  it('stops the start on a malformed fingerprint, naming the variable', () => {
    for (const bad of ['AA:BB', `${FP1.slice(0, -3)}`, FP1.replace(/:/g, ''), `${FP1},ZZ${FP2.slice(2)}`]) {
      let error: unknown;
      try {
        configFor(fe.root, { ANDROID_PACKAGE_NAME: 'com.example.wishlist', ANDROID_CERT_FINGERPRINTS: bad });
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect(String((error as Error).message)).toContain('ANDROID_CERT_FINGERPRINTS');
    }
  });

  it('stops the start on a malformed package name, or on half a configuration', () => {
    expect(() => configFor(fe.root, { ANDROID_PACKAGE_NAME: 'wishlist app', ANDROID_CERT_FINGERPRINTS: FP1 })).toThrow(/ANDROID_PACKAGE_NAME/);
    expect(() => createGateway(configFor(fe.root, { ANDROID_PACKAGE_NAME: 'com.example.wishlist' }))).toThrow(/ANDROID_CERT_FINGERPRINTS/);
    expect(() => createGateway(configFor(fe.root, { ANDROID_CERT_FINGERPRINTS: FP1 }))).toThrow(/ANDROID_PACKAGE_NAME/);
  });
});
