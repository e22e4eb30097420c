// jsdom never loads images: `installImageMock()` replaces `window.Image` so that each URL loads with
// a given natural size, fails, or never answers.
export type ImageBehaviour = { width: number; height: number } | 'error' | 'hang';

const behaviours = new Map<string, ImageBehaviour>();
export const requestedImages: Array<{ src: string; referrerPolicy: string }> = [];

class MockImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  naturalWidth = 0;
  naturalHeight = 0;
  referrerPolicy = '';
  decoding = 'auto';
  private current = '';
  get src() {
    return this.current;
  }
  set src(value: string) {
    this.current = value;
    if (!value) return;
    requestedImages.push({ src: value, referrerPolicy: this.referrerPolicy });
    const b = behaviours.get(value) ?? 'error';
    if (b === 'hang') return;
    setTimeout(() => {
      if (b === 'error') this.onerror?.();
      else {
        this.naturalWidth = b.width;
        this.naturalHeight = b.height;
        this.onload?.();
      }
    }, 0);
  }
}

export function installImageMock(sizes: Record<string, ImageBehaviour> = {}) {
  behaviours.clear();
  requestedImages.length = 0;
  for (const [url, b] of Object.entries(sizes)) behaviours.set(url, b);
  (window as unknown as { Image: unknown }).Image = MockImage;
  (globalThis as unknown as { Image: unknown }).Image = MockImage;
}

export const big = { width: 800, height: 600 };
export const small = { width: 150, height: 600 };
