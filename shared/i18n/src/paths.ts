// Localized content pages (SPEC §2) and language detection from the path.
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export type ContentPageKey = 'home' | 'privacy' | 'howToAddProduct' | 'howToUseExtension' | 'howToShare';

/** Slug after `/{lang}` for each content page; home has none. */
export const CONTENT_SLUGS: Record<ContentPageKey, Record<Language, string>> = {
  home: { en: '', fr: '' },
  privacy: { en: 'privacy-policy', fr: 'politique-de-confidentialite' },
  howToAddProduct: { en: 'how-to-add-product', fr: 'comment-ajouter-un-produit' },
  howToUseExtension: { en: 'how-to-use-extension', fr: 'comment-utiliser-l-extension' },
  howToShare: { en: 'how-to-share-wishlist', fr: 'comment-partager-sa-liste' },
};

export const CONTENT_PAGE_KEYS = Object.keys(CONTENT_SLUGS) as ContentPageKey[];

export function localizedPath(pageKey: ContentPageKey, lang: Language): string {
  const slug = CONTENT_SLUGS[pageKey][lang];
  return slug ? `/${lang}/${slug}` : `/${lang}`;
}

/** The language named by the first path segment, if any. */
export function languageFromPath(pathname: string): Language | undefined {
  const first = pathname.split('/').filter(Boolean)[0];
  return isLanguage(first) ? first : undefined;
}

/** Which content page a path is (either language's slug), or undefined. */
export function contentPageFromPath(pathname: string): { key: ContentPageKey; lang: Language } | undefined {
  const segments = pathname.split('/').filter(Boolean);
  const lang = segments[0];
  if (!isLanguage(lang) || segments.length > 2) return undefined;
  const slug = segments[1] ?? '';
  for (const key of CONTENT_PAGE_KEYS) {
    for (const l of LANGUAGES) {
      if (CONTENT_SLUGS[key][l] === slug) return { key, lang };
    }
  }
  return undefined;
}

/**
 * Where the language switch leads from the current page: a content page maps to its slug in the
 * other language; a language-prefixed path otherwise swaps the prefix; non-prefixed paths (the app
 * pages) stay as they are, the language then comes from the stored preference.
 */
export function switchLanguagePath(currentPath: string, lang: Language): string {
  const [pathname, ...rest] = currentPath.split(/(?=[?#])/);
  const suffix = rest.join('');
  const page = contentPageFromPath(pathname);
  if (page) return localizedPath(page.key, lang) + suffix;
  const segments = pathname.split('/').filter(Boolean);
  if (isLanguage(segments[0])) return '/' + [lang, ...segments.slice(1)].join('/') + suffix;
  return currentPath;
}

/** Storage key of the language preference (written as JSON by `@wishlist/stores`). */
export const LANGUAGE_STORAGE_KEY = 'language';

function readStoredLanguage(): Language | undefined {
  try {
    const raw = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    if (!raw) return undefined;
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      /* a bare string is accepted too */
    }
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function browserLanguage(languages: readonly string[] | undefined): Language | undefined {
  for (const tag of languages ?? []) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return undefined;
}

/** SPEC §1: first path segment, else the stored preference, else the browser, else English. */
export function detectLanguage(
  pathname: string,
  options: { stored?: Language | null; browser?: readonly string[] } = {},
): Language {
  const nav = typeof navigator !== 'undefined' ? navigator : undefined;
  return (
    languageFromPath(pathname) ??
    (options.stored === undefined ? readStoredLanguage() : (options.stored ?? undefined)) ??
    browserLanguage(options.browser ?? (nav ? (nav.languages?.length ? nav.languages : [nav.language]) : [])) ??
    DEFAULT_LANGUAGE
  );
}
