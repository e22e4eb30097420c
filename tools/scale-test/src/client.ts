// The clients of the scale test: JSON calls to the balancer (or one gateway), over kept-alive
// connections like a browser's. A network failure is status 0, never a throw: every outcome is
// counted.
import { Agent, request } from 'undici';

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of many shapes, read by each check
  body: any;
  /** Why the call failed when status is 0. */
  error?: string;
}

export interface CallOptions {
  bearer?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export class Client {
  private readonly agent = new Agent({ connections: 8, keepAliveTimeoutThreshold: 1000, headersTimeout: 30_000, bodyTimeout: 30_000 });

  constructor(readonly baseUrl: string) {}

  async call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
    try {
      const res = await request(`${this.baseUrl}${path}`, { method: method as 'GET', headers, body, dispatcher: this.agent });
      const text = await res.body.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = text;
      }
      return { status: res.statusCode, body: parsed };
    } catch (err) {
      const e = err as { code?: string; message?: string };
      return { status: 0, body: undefined, error: e.code ?? e.message ?? String(err) };
    }
  }

  /** The raw bytes of a GET (static files). */
  async fetchBytes(path: string): Promise<{ status: number; text: string; error?: string }> {
    try {
      const res = await request(`${this.baseUrl}${path}`, { method: 'GET', dispatcher: this.agent });
      return { status: res.statusCode, text: await res.body.text() };
    } catch (err) {
      const e = err as { code?: string; message?: string };
      return { status: 0, text: '', error: e.code ?? e.message ?? String(err) };
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

/** A check's tally: `failed` of `total`, and a few examples of what failed. */
export class Tally {
  total = 0;
  failed = 0;
  readonly examples: string[] = [];

  record(ok: boolean, what: string): boolean {
    this.total++;
    if (!ok) {
      this.failed++;
      if (this.examples.length < 8) this.examples.push(what);
    }
    return ok;
  }

  /** Records that `answer` has one of the `expected` statuses. */
  expect(answer: Answer, expected: number | readonly number[], what: string): boolean {
    const ok = (typeof expected === 'number' ? [expected] : expected).includes(answer.status);
    const detail = answer.status === 0 ? answer.error : answer.body?.error?.code ?? '';
    return this.record(ok, `${what}: ${answer.status}${detail ? ` ${detail}` : ''}`);
  }
}
