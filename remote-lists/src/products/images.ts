// Image candidates of SPEC §5: kept only if the browser loads them, they are http(s) and both
// sides are above 200 px; the others are silently dropped. The "no image" placeholder is always
// the last choice, and the slider shows at least 9 cells, else a multiple of 3 (SPEC §2).
import { useEffect, useState } from 'react';
import { NO_IMAGE } from '@wishlist/contracts';

export const MIN_IMAGE_SIDE = 200;
/** An image that neither loads nor fails within this time is dropped. */
export const IMAGE_LOAD_TIMEOUT_MS = 10_000;
export const SLIDER_MIN_CELLS = 9;
export const SLIDER_COLUMNS = 3;

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The width our copy of a candidate is checked at: never enlarged, so its size tells the original's. */
export const PROBE_WIDTH = 960;

/**
 * Loads an image in the browser; true when it loads and is larger than 200x200. With our own copy
 * (`picture`), that is what is loaded: a plain-http picture the page's security policy would block
 * is then checked and shown too, and the browser never calls the shop.
 */
export function isUsableImage(url: string, timeoutMs = IMAGE_LOAD_TIMEOUT_MS, picture?: string): Promise<boolean> {
  if (!isHttpUrl(url)) return Promise.resolve(false);
  const src = picture ? `${picture}?w=${PROBE_WIDTH}` : url;
  return new Promise((resolve) => {
    const img = new Image();
    let done = false;
    const finish = (ok: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      img.onload = null;
      img.onerror = null;
      resolve(ok);
    };
    const timer = setTimeout(() => {
      img.src = '';
      finish(false);
    }, timeoutMs);
    img.onload = () => finish(img.naturalWidth > MIN_IMAGE_SIDE && img.naturalHeight > MIN_IMAGE_SIDE);
    img.onerror = () => finish(false);
    img.referrerPolicy = 'no-referrer';
    img.decoding = 'async';
    img.src = src;
  });
}

/** Distinct http(s) candidates, in order, without the placeholder. */
export function distinctCandidates(candidates: readonly string[]): string[] {
  return [...new Set(candidates.map((c) => c.trim()).filter((c) => c !== NO_IMAGE && isHttpUrl(c)))];
}

/** The kept images, in candidate order, then the placeholder. */
export async function filterImages(candidates: readonly string[]): Promise<string[]> {
  const list = distinctCandidates(candidates);
  const ok = await Promise.all(list.map((url) => isUsableImage(url)));
  return [...list.filter((_, i) => ok[i]), NO_IMAGE];
}

/** Number of slider cells for `count` choices: at least 9, else rounded up to a multiple of 3. */
export function sliderCellCount(count: number): number {
  return Math.max(SLIDER_MIN_CELLS, Math.ceil(count / SLIDER_COLUMNS) * SLIDER_COLUMNS);
}

export interface ImageChoices {
  /** Kept images so far (candidate order) and the placeholder last. */
  images: string[];
  /** True until every candidate has loaded or failed. */
  loading: boolean;
}

/**
 * Checks the candidates in the browser; images appear as they are confirmed (in candidate order),
 * `loading` turns false once all are settled. `null` candidates means "not known yet".
 */
export function useImageChoices(candidates: readonly string[] | null, pictures?: Readonly<Record<string, string>>): ImageChoices {
  const key = candidates ? JSON.stringify({ candidates, pictures: pictures ?? {} }) : null;
  const [state, setState] = useState<ImageChoices>({ images: [NO_IMAGE], loading: true });
  useEffect(() => {
    if (key === null) {
      setState({ images: [NO_IMAGE], loading: true });
      return;
    }
    const parsed = JSON.parse(key) as { candidates: string[]; pictures: Record<string, string> };
    const list = distinctCandidates(parsed.candidates);
    let cancelled = false;
    const ok: Array<boolean | undefined> = list.map(() => undefined);
    const publish = () => {
      if (cancelled) return;
      setState({
        images: [...list.filter((_, i) => ok[i] === true), NO_IMAGE],
        loading: ok.some((v) => v === undefined),
      });
    };
    publish();
    list.forEach((url, i) => {
      void isUsableImage(url, IMAGE_LOAD_TIMEOUT_MS, parsed.pictures[url]).then((usable) => {
        ok[i] = usable;
        publish();
      });
    });
    return () => {
      cancelled = true;
    };
  }, [key]);
  return state;
}
