import { useSessionStore } from '@wishlist/stores';
import * as api from '../src';

type Call = { url: string; init: RequestInit };
let calls: Call[];
let responder: (url: string, init: RequestInit) => Response;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const bodyOf = (c: Call) => JSON.parse(String(c.init.body)) as Record<string, unknown>;

beforeEach(() => {
  calls = [];
  responder = () => json(200, {});
  api.configureApiClient({
    fetch: ((url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(responder(url, init));
    }) as typeof fetch,
  });
  useSessionStore.setState({ token: null, defaultListId: null });
});

const view = { device: { browser: 'Firefox', os: 'Android' }, requestedAt: '2026-11-25T13:05:00.000Z', timeZone: 'Europe/Paris', matchCode: '0427', state: 'pending' };

describe('askSignIn', () => {
  it('posts the SPEC body with the browser time zone and returns the bearer and the match code', async () => {
    responder = () => json(201, { token: 'bearer-1', matchCode: '0427' });
    expect(await api.askSignIn({ email: 'a@b.cd', tokenName: 't1', language: 'fr' })).toEqual({ token: 'bearer-1', matchCode: '0427' });
    expect(calls[0].url).toBe('/api/tokens');
    expect(calls[0].init.method).toBe('POST');
    expect(bodyOf(calls[0])).toEqual({ email: 'a@b.cd', tokenName: 't1', language: 'fr', timeZone: api.browserTimeZone() });
  });
  it('copes with a server that sends no match code', async () => {
    responder = () => json(201, { token: 'bearer-1' });
    expect(await api.askSignIn({ email: 'a@b.cd', tokenName: 't1' })).toEqual({ token: 'bearer-1', matchCode: null });
  });
});

describe('getSignInRequest', () => {
  it('reads the request', async () => {
    responder = () => json(200, { data: view });
    expect(await api.getSignInRequest({ tokenName: 't1', validationCode: 'c' })).toEqual({ found: true, request: view });
    expect(calls[0].url).toBe('/api/tokens/request');
    expect(bodyOf(calls[0])).toEqual({ tokenName: 't1', validationCode: 'c' });
  });
  it.each([
    [400, 'too-many-tries'],
    [422, 'incorrect-data'],
    [429, 'unknown'],
    [500, 'unknown'],
  ] as const)('maps %s to %s', async (status, reason) => {
    responder = () => json(status, {});
    expect(await api.getSignInRequest({ tokenName: 't1', validationCode: 'c' })).toEqual({ found: false, reason });
  });
});

describe('refuseSignIn', () => {
  it('posts the refusal', async () => {
    responder = () => json(200, { data: { state: 'refused' } });
    expect(await api.refuseSignIn({ tokenName: 't1', validationCode: 'c' })).toEqual({ refused: true });
    expect(calls[0].url).toBe('/api/tokens/refusal');
  });
  it('says when the sign-in was already approved, or the link is dead', async () => {
    responder = () => json(409, { error: { code: 'token_already_validated' } });
    expect(await api.refuseSignIn({ tokenName: 't1', validationCode: 'c' })).toEqual({ refused: false, reason: 'already-validated' });
    responder = () => json(422, { errors: { validationCode: 'x' } });
    expect(await api.refuseSignIn({ tokenName: 't1', validationCode: 'c' })).toEqual({ refused: false, reason: 'incorrect-data' });
  });
});

describe('getTokenState', () => {
  it('tells a refused request from a dead one', async () => {
    responder = () => json(410, { error: { code: 'token_refused', message: 'x' } });
    expect(await api.getTokenState('t1')).toBe('refused');
    responder = () => json(410, { error: { code: 'token_expired', message: 'x' } });
    expect(await api.getTokenState('t1')).toBe('dead');
  });
});
