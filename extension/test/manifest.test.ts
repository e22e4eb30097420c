import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createManifest, originPattern } from '../src/manifest';

const locales = join(__dirname, '..', 'public', '_locales');
const messages = (lang: string) => JSON.parse(readFileSync(join(locales, lang, 'messages.json'), 'utf8')) as Record<string, { message: string; placeholders?: object }>;

describe('the one manifest for Chrome and Firefox', () => {
  const manifest = createManifest({ version: '1.2.3', serverUrl: 'https://wishlist.example/some/path', geckoId: 'wishlist@example.org' });

  it('declares both background forms and the Firefox add-on id', () => {
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.background).toEqual({ service_worker: 'background.js', scripts: ['background.js'] });
    expect(manifest.browser_specific_settings.gecko.id).toBe('wishlist@example.org');
  });

  it('asks for least privilege: click-time page access, and our server only', () => {
    expect(manifest.permissions.sort()).toEqual(['activeTab', 'contextMenus', 'scripting', 'storage']);
    expect(manifest.host_permissions).toEqual(['https://wishlist.example/*']);
    expect(manifest).not.toHaveProperty('content_scripts');
    expect(manifest.optional_host_permissions).toEqual(['https://*/*', 'http://*/*']);
  });

  it('has a popup, an options page and a keyboard shortcut that opens the popup', () => {
    expect(manifest.action.default_popup).toBe('popup.html');
    expect(manifest.options_ui.page).toBe('options.html');
    expect(manifest.commands._execute_action.suggested_key.default).toBe('Alt+Shift+W');
  });

  it('refuses a server that is not http(s)', () => {
    expect(() => originPattern('ftp://files.example')).toThrow();
    expect(originPattern('http://localhost:8080/x?y')).toBe('http://localhost:8080/*');
  });

  it('names every __MSG_ key it uses in each locale', () => {
    const used = [...JSON.stringify(manifest).matchAll(/__MSG_(\w+)__/g)].map((m) => m[1]);
    for (const lang of ['en', 'fr']) for (const key of used) expect(messages(lang)[key]?.message).toBeTruthy();
  });
});

describe('_locales', () => {
  it('has English (the default) and French, with the same keys and placeholders', () => {
    expect(readdirSync(locales).sort()).toEqual(['en', 'fr']);
    const en = messages('en');
    const fr = messages('fr');
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en)) {
      expect([key, Boolean(fr[key].placeholders)]).toEqual([key, Boolean(en[key].placeholders)]);
      expect(fr[key].message.trim()).not.toBe('');
    }
  });

  it('writes French with the typographic apostrophe and a no-break space before : ; ! ?', () => {
    for (const { message } of Object.values(messages('fr'))) {
      expect(message).not.toMatch(/'/);
      expect(message).not.toMatch(/ [:;!?]/);
    }
  });

  it('has every message the code asks for', () => {
    const sources = ['src/popup/Popup.tsx', 'src/popup/ProductForm.tsx', 'src/popup/SignIn.tsx', 'src/options/Options.tsx', 'src/background.ts'];
    const en = messages('en');
    for (const file of sources) {
      const code = readFileSync(join(__dirname, '..', file), 'utf8');
      for (const m of code.matchAll(/\b(?:t|getMessage)\('(\w+)'/g)) expect([file, m[1], Boolean(en[m[1]])]).toEqual([file, m[1], true]);
    }
  });
});
