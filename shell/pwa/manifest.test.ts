// The web app manifest (shell/public/manifest.webmanifest): installable, and the Android share target.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const shell = join(__dirname, '..');
const manifest = JSON.parse(readFileSync(join(shell, 'public/manifest.webmanifest'), 'utf8'));
const css = readFileSync(join(shell, 'src/styles/global.css'), 'utf8');
const token = (name: string) => new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css)?.[1];

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(file: string): [number, number] {
  const b = readFileSync(file);
  expect(b.subarray(1, 4).toString('ascii')).toBe('PNG');
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

describe('manifest.webmanifest', () => {
  it('names the app and opens it standalone from the site root', () => {
    expect(manifest).toMatchObject({ name: 'Wishlist', short_name: 'Wishlist', start_url: '/', scope: '/', id: '/', display: 'standalone' });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  });

  it('takes its colours from the shell’s design tokens', () => {
    expect(manifest.theme_color).toBe(token('color-primary'));
    expect(manifest.background_color).toBe(token('color-bg'));
    const html = readFileSync(join(shell, 'index.html'), 'utf8');
    expect(html).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`);
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  });

  it('has 192 and 512 px icons, a maskable one among them, each file of the size it claims', () => {
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    for (const size of ['192x192', '512x512']) {
      expect(icons.some((i) => i.sizes === size && i.purpose === 'any')).toBe(true);
      expect(icons.some((i) => i.sizes === size && i.purpose === 'maskable')).toBe(true);
    }
    for (const icon of icons) {
      const file = join(shell, 'public', icon.src);
      expect(existsSync(file)).toBe(true);
      expect(icon.type).toBe('image/png');
      expect(pngSize(file).join('x')).toBe(icon.sizes);
    }
  });

  it('receives shared links from Android apps at /share-target (GET title, text, url)', () => {
    expect(manifest.share_target).toEqual({
      action: '/share-target',
      method: 'GET',
      // GET sends the query as a form would; Chromium warns when it is left implicit.
      enctype: 'application/x-www-form-urlencoded',
      params: { title: 'title', text: 'text', url: 'url' },
    });
  });
});
