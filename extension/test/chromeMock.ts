// A small in-memory `chrome` for the popup's Jest tests: storage, i18n from the real _locales.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Messages = Record<string, { message: string; placeholders?: Record<string, { content: string }> }>;

export function installChrome(lang: 'en' | 'fr' = 'en') {
  const messages = JSON.parse(readFileSync(join(__dirname, '..', 'public', '_locales', lang, 'messages.json'), 'utf8')) as Messages;
  const area = () => {
    let data: Record<string, unknown> = {};
    return {
      get: jest.fn(async (key?: string | null) => (typeof key === 'string' ? (key in data ? { [key]: data[key] } : {}) : { ...data })),
      set: jest.fn(async (items: Record<string, unknown>) => {
        data = { ...data, ...items };
      }),
      remove: jest.fn(async (keys: string | string[]) => {
        for (const k of Array.isArray(keys) ? keys : [keys]) delete data[k];
      }),
      dump: () => data,
    };
  };
  const chrome = {
    storage: { local: area(), sync: area() },
    i18n: {
      getUILanguage: () => (lang === 'fr' ? 'fr-FR' : 'en-US'),
      getMessage: (key: string, subs: string[] = []) => {
        const m = messages[key];
        if (!m) return '';
        return m.message.replace(/\$(\w+)\$/g, (_, name: string) => {
          const content = m.placeholders?.[name.toLowerCase()]?.content ?? '';
          return content.replace(/\$(\d)/g, (_m, n: string) => subs[Number(n) - 1] ?? '');
        });
      },
    },
    runtime: { openOptionsPage: jest.fn() },
  };
  Object.assign(globalThis, { chrome });
  return chrome;
}
