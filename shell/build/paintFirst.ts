// Production builds: the first paint never waits for the app's scripts (start.js says why). The
// entry <script defer> tags become <link rel="preload" as="script" data-app-entry>, and one small
// content-hashed script (static/js/start.<hash>.js, cached like every hashed file) adds them back
// after the first frame. Development builds keep Rsbuild's tags (the dev server's client and
// hot-update scripts expect them).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { RsbuildPlugin } from '@rsbuild/core';

/** start.js as shipped: its comment lines and indentation are for readers of the source only. */
export const START_SCRIPT = readFileSync(new URL('./start.js', import.meta.url), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('//'))
  .join('\n');

/** The start script's file name in dist, by its content. */
export const startScriptName = (source: string = START_SCRIPT) =>
  `static/js/start.${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`;

type Tag = { tag: string; attrs?: Record<string, string | boolean | null | undefined>; children?: string };

/** Rewrites the head's tags: entry scripts preloaded, then the start script (exported for tests). */
export function paintFirstTags(headTags: Tag[], startSrc: string): Tag[] {
  const entries = headTags.filter((t) => t.tag === 'script' && typeof t.attrs?.src === 'string' && !t.children);
  if (!entries.length) return headTags;
  const rest = headTags.filter((t) => !entries.includes(t));
  const preloads: Tag[] = entries.map((t) => ({
    tag: 'link',
    attrs: {
      rel: 'preload',
      as: 'script',
      href: t.attrs!.src as string,
      // The priority a deferred script has: the page's pictures (its largest paint) come first.
      fetchpriority: 'low',
      'data-app-entry': true,
      ...(t.attrs?.crossorigin !== undefined ? { crossorigin: t.attrs.crossorigin } : {}),
    },
  }));
  return [...rest, ...preloads, { tag: 'script', attrs: { defer: true, src: startSrc } }];
}

export function pluginPaintFirst(): RsbuildPlugin {
  return {
    name: 'wishlist:paint-first',
    setup(api) {
      if (api.context.action !== 'build') return;
      const name = startScriptName();
      api.processAssets({ stage: 'additional' }, ({ compilation, sources }) => {
        compilation.emitAsset(name, new sources.RawSource(START_SCRIPT));
      });
      api.modifyHTMLTags(({ headTags, bodyTags }, { assetPrefix }) => {
        const prefix = assetPrefix.endsWith('/') ? assetPrefix : `${assetPrefix}/`;
        return { headTags: paintFirstTags(headTags as Tag[], `${prefix}${name}`) as typeof headTags, bodyTags };
      });
    },
  };
}
