// Every string of the content namespace, both languages, one file per section (`en/home.json`…):
// for the server renderers, the standalone app and tests. Pages load theirs a section at a time
// (strings/*.ts), so a page's chunks carry only the sections it shows.
import enAndroid from './en/android.json';
import enCommon from './en/common.json';
import enGuides from './en/guides.json';
import enHome from './en/home.json';
import enNotFound from './en/notFound.json';
import enPrivacy from './en/privacy.json';
import frAndroid from './fr/android.json';
import frCommon from './fr/common.json';
import frGuides from './fr/guides.json';
import frHome from './fr/home.json';
import frNotFound from './fr/notFound.json';
import frPrivacy from './fr/privacy.json';

export const en = { common: enCommon, home: enHome, guides: enGuides, android: enAndroid, privacy: enPrivacy, notFound: enNotFound };
export const fr = { common: frCommon, home: frHome, guides: frGuides, android: frAndroid, privacy: frPrivacy, notFound: frNotFound };

export type ContentStrings = typeof en;
export const resources = { en, fr } as const;
