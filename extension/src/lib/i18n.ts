// The extension speaks the browser's language through `_locales` (en, fr; en by default).
export type MessageKey = string;

/** The localized message, with `$1`…`$9` substitutions. Falls back to the key when it is missing. */
export function t(key: MessageKey, ...substitutions: string[]): string {
  const message = globalThis.chrome?.i18n?.getMessage(key, substitutions);
  return message || key;
}

/** 'fr' when the browser's interface is French, else 'en' (the product's two languages). */
export function uiLanguage(): 'en' | 'fr' {
  const lang = globalThis.chrome?.i18n?.getUILanguage?.() ?? globalThis.navigator?.language ?? 'en';
  return lang.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}
