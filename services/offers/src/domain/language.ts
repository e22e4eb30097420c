import type { Lang } from '@wishlist/service-kit';

const LANGUAGES: readonly string[] = ['en', 'fr'];
const isLang = (value: string): value is Lang => LANGUAGES.includes(value);

/**
 * The giver's language: the one the app says it is showing (body `language`), else the best
 * supported one of `Accept-Language` (q-values honoured), else the signed-in person's, else English.
 */
export function pickLanguage(explicit: Lang | undefined, acceptLanguage: string | undefined, fallback: Lang = 'en'): Lang {
  if (explicit) return explicit;
  if (!acceptLanguage) return fallback;
  const ranked = acceptLanguage
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)).find(Boolean);
      const weight = q ? Number(q[1]) : 1;
      return { primary: tag.trim().toLowerCase().split('-')[0], weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  const found = ranked.find((r) => isLang(r.primary));
  return found && isLang(found.primary) ? found.primary : fallback;
}
