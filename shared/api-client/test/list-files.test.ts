import { useSessionStore } from '@wishlist/stores';
import * as api from '../src';

type Call = { url: string; init: RequestInit };
let calls: Call[];
let answer: Response;

beforeEach(() => {
  calls = [];
  api.configureApiClient({
    fetch: ((url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(answer);
    }) as typeof fetch,
  });
  useSessionStore.setState({ token: { name: 't1', bearer: 'secret' }, defaultListId: 'L1' });
});

describe('exportProductList', () => {
  it('answers the file as the service wrote it, named by Content-Disposition (UTF-8 name first)', async () => {
    const text = '{\n  "name": "Noël",\n  "products": []\n}\n';
    answer = new Response(text, {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'content-disposition': `attachment; filename="No?l.json"; filename*=UTF-8''No%C3%ABl.json` },
    });
    const file = await api.exportProductList('L1', 'json');
    expect(calls[0].url).toBe('/api/product-lists/L1/export?format=json');
    expect((calls[0].init.headers as Record<string, string>).Authorization).toBe('Bearer secret');
    expect(file).toEqual({ fileName: 'Noël.json', content: text, mimeType: 'application/json;charset=utf-8' });
  });

  it('falls back to a name of its own, and fails like any call', async () => {
    answer = new Response('name,url\r\n', { status: 200, headers: { 'content-type': 'text/csv' } });
    expect((await api.exportProductList('L1', 'csv')).fileName).toBe('wishlist.csv');
    answer = new Response(JSON.stringify({ error: { code: 'list_not_found' } }), { status: 404, headers: { 'content-type': 'application/json' } });
    await expect(api.exportProductList('L1', 'csv')).rejects.toMatchObject({ status: 404, data: { error: { code: 'list_not_found' } } });
  });
});

describe('importProductList', () => {
  it('sends the file as its own body with its type, the names in the query', async () => {
    answer = new Response(JSON.stringify({ data: { id: 'L9', name: 'Winter', isOwner: true, products: [] } }), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    });
    const list = await api.importProductList({ content: 'url,name\r\nhttps://a.example,A\r\n', fileName: 'winter.csv', format: 'csv' }, ' Winter ');
    expect(list).toEqual({ id: 'L9', name: 'Winter', isOwner: true, products: [] });
    expect(calls[0].url).toBe('/api/product-lists/import?name=Winter&fileName=winter.csv&format=csv');
    expect(calls[0].init.body).toBe('url,name\r\nhttps://a.example,A\r\n');
    expect((calls[0].init.headers as Record<string, string>)['Content-Type']).toBe('text/csv; charset=utf-8');
  });
});
