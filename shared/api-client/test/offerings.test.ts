import { useSessionStore } from '@wishlist/stores';
import * as api from '../src';

type Call = { url: string; init: RequestInit };
let calls: Call[];
let responder: () => Response;
const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  responder = () => json(200, {});
  api.configureApiClient({
    fetch: ((url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(responder());
    }) as typeof fetch,
  });
  useSessionStore.setState({ token: null, defaultListId: null });
});

const payload = { isExpectingAddress: true, products: ['p1', 'p2'], offererEmail: 'a@b.co', offererIdentity: 'Ann', offererMessage: 'Hi', language: 'fr' as const };

describe('offering calls (the offers contract)', () => {
  it('createOffering posts the body and returns the first id and all ids', async () => {
    responder = () => json(201, { data: { id: 'O1', ids: ['O1', 'O2'], confirmationRequired: true } });
    expect(await api.createOffering(payload)).toEqual({ id: 'O1', ids: ['O1', 'O2'], confirmationRequired: true });
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].url).toBe('/api/offerings');
    expect(JSON.parse(String(calls[0].init.body))).toEqual(payload);
  });

  it('createOffering exposes the conflicts of a 409 and the field errors of a 422', async () => {
    responder = () => json(409, { error: { code: 'already_offered', message: 'x' }, conflicts: ['p2', 3] });
    const conflict = await api.createOffering(payload).catch((e: unknown) => e);
    expect(api.offeringConflicts(conflict)).toEqual(['p2']);
    expect(api.fieldErrors(conflict)).toEqual({});
    responder = () => json(422, { errors: { offererEmail: 'invalid', offererMessage: ['too-long'] } });
    const invalid = await api.createOffering(payload).catch((e: unknown) => e);
    expect(api.fieldErrors(invalid)).toEqual({ offererEmail: 'invalid', offererMessage: 'too-long' });
    expect(api.offeringConflicts(invalid)).toEqual([]);
    expect(api.offeringConflicts(new Error('x'))).toEqual([]);
  });

  it('getOfferingWithdrawal and withdrawOffering send the token in a header, never in the URL', async () => {
    responder = () => json(200, { data: { id: 'O1', state: 'pending', withdrawable: true, products: [] } });
    expect(await api.getOfferingWithdrawal('O1', 'T0ken')).toMatchObject({ id: 'O1', state: 'pending', withdrawable: true });
    expect(calls[0].url).toBe('/api/offerings/O1/withdrawal');
    expect(calls[0].init.method).toBe('GET');
    expect((calls[0].init.headers as Record<string, string>)['X-Withdrawal-Token']).toBe('T0ken');
    responder = () => json(200, { data: { id: 'O1', state: 'withdrawn' } });
    expect(await api.withdrawOffering('O1', 'T0ken')).toEqual({ id: 'O1', state: 'withdrawn' });
    expect(calls[1].init.method).toBe('POST');
    expect(calls[1].url).toBe('/api/offerings/O1/withdrawal');
    expect((calls[1].init.headers as Record<string, string>)['X-Withdrawal-Token']).toBe('T0ken');
    expect(calls.map((c) => c.url).join()).not.toContain('T0ken');
  });

  it('confirmOffering posts the code; resendOfferingVerification posts nothing', async () => {
    responder = () => json(200, { data: { id: 'O 1', state: 'pending' } });
    expect(await api.confirmOffering('O 1', 'c0de')).toEqual({ id: 'O 1', state: 'pending' });
    expect(calls[0].url).toBe('/api/offerings/O%201/confirmation');
    expect(calls[0].init.method).toBe('POST');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ code: 'c0de' });
    responder = () => json(410, { error: { code: 'offering_expired', message: 'x' } });
    const expired = await api.confirmOffering('O1', 'c').catch((e: unknown) => e);
    expect(api.isApiError(expired) && expired.status).toBe(410);
    responder = () => json(202, { data: { id: 'O1', sent: true } });
    await expect(api.resendOfferingVerification('O1')).resolves.toBeUndefined();
    expect(calls[2].url).toBe('/api/offerings/O1/verification-mail');
    expect(calls[2].init.method).toBe('POST');
  });

  it('getOffering reads data; acceptOffering patches the address; refuseOffering deletes', async () => {
    const offering = { id: 'O 1', offererIdentity: 'Ann', offererMessage: '', address: '', products: [], isExpectingAddress: true, state: 'pending', createdAt: '2024-01-01T00:00:00Z' };
    responder = () => json(200, { data: offering });
    expect(await api.getOffering('O 1')).toEqual(offering);
    expect(calls[0].url).toBe('/api/offerings/O%201');
    responder = () => json(200, { data: { ...offering, address: '1 rue X', state: 'address-given' } });
    expect(await api.acceptOffering('O 1', { address: '1 rue X' })).toMatchObject({ state: 'address-given' });
    expect(calls[1].init.method).toBe('PATCH');
    expect(JSON.parse(String(calls[1].init.body))).toEqual({ address: '1 rue X' });
    responder = () => new Response(null, { status: 204 });
    await expect(api.refuseOffering('O 1')).resolves.toBeUndefined();
    expect(calls[2].init.method).toBe('DELETE');
    expect(calls[2].url).toBe('/api/offerings/O%201');
  });
});
