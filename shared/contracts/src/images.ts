// Product pictures served from our own origin: resized, in a modern format, cached.

/** Where the lists service serves pictures: `${IMAGE_PATH}/{token}?w={width}`. */
export const IMAGE_PATH = '/api/images';

/**
 * The widths a picture is served at (CSS px × device pixel ratio of the places that show one:
 * 44 px thumbnails, 72 px basket rows, cards of 150 to 300 px, the 400 px form preview). Only
 * these are accepted, so no one can make the server resize to every width in turn.
 */
export const IMAGE_WIDTHS = [96, 160, 240, 320, 480, 640, 960] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export function isImageWidth(value: number): value is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(value);
}

/**
 * `src` and `srcset` for a picture URL of ours, for a place at most `cssWidth` CSS pixels wide:
 * every width up to twice that (2x screens), `src` the one for 1x. The browser picks from `sizes`.
 */
export function pictureSources(picture: string, cssWidth: number): { src: string; srcSet: string } {
  const fit = (px: number) => IMAGE_WIDTHS.find((w) => w >= px) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  const widths = IMAGE_WIDTHS.filter((w) => w <= fit(cssWidth * 2));
  const at = (w: number) => `${picture}?w=${w}`;
  return { src: at(fit(cssWidth)), srcSet: widths.map((w) => `${at(w)} ${w}w`).join(', ') };
}
