import mongoose from 'mongoose';
import request from 'supertest';
import { IDENTITY_HEADER, SERVICE_HEADER, signIdentity, signServiceAssertion } from '@wishlist/service-kit';
import { listsConfig } from '../config';
import { createListsService } from '../http/app';

/** The real app (supertest drives it); the test file starts the database. */
export const app = createListsService(listsConfig.load({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })).app;

export const newUserId = () => new mongoose.Types.ObjectId().toHexString();
export const newId = newUserId;

/** Headers of a signed-in person (the gateway's assertion). */
export async function as(userId: string, lang?: 'en' | 'fr'): Promise<Record<string, string>> {
  return { [IDENTITY_HEADER]: await signIdentity(lang ? { userId, lang } : { userId }) };
}

/** Headers of a service calling an /internal route. */
export async function fromService(name: string): Promise<Record<string, string>> {
  return { [SERVICE_HEADER]: await signServiceAssertion(name) };
}

export const api = () => request(app);

export interface ProductBody {
  name?: unknown;
  image?: unknown;
  price?: unknown;
  url?: unknown;
  productListId?: unknown;
  quantity?: unknown;
  mostWanted?: unknown;
  note?: unknown;
  groupGift?: unknown;
  hidden?: unknown;
}

/** A signed-in person with their default list, and helpers acting as them. */
export async function person(lang?: 'en' | 'fr') {
  const id = newUserId();
  const headers = await as(id, lang);
  const lists = await request(app).get('/api/product-lists').set(headers);
  const defaultListId: string = lists.body.data[0].id;
  return {
    id,
    headers,
    defaultListId,
    async createList(name: string): Promise<string> {
      const res = await request(app).post('/api/product-lists').set(headers).send({ name });
      if (res.status !== 201) throw new Error(`createList ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.id;
    },
    async addProduct(listId: string, fields: ProductBody = {}): Promise<string> {
      const res = await request(app)
        .post('/api/products-in-lists')
        .set(headers)
        .send({ name: 'A gift', image: 'https://shop.example/a.jpg', price: 1999, url: 'https://www.shop.example/p/1', productListId: listId, ...fields });
      if (res.status !== 201) throw new Error(`addProduct ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.id;
    },
    async list(listId: string) {
      return (await request(app).get(`/api/product-lists/${listId}`).set(headers)).body.data;
    },
  };
}

export type Person = Awaited<ReturnType<typeof person>>;
