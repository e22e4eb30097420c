#!/usr/bin/env node
// Makes the web app manifest's PNG icons from the brand's SVG (shell/brand/icon.svg) with sharp:
//   icons/icon-192.png, icons/icon-512.png       purpose "any" (rounded square, as launchers show it)
//   icons/maskable-192.png, icons/maskable-512.png purpose "maskable" (full bleed: Android cuts its own
//                                                   shape; the gift sits in the 80 % safe zone)
// The PNGs are committed (shell/public/icons/) so a build needs no image tool; run this again after
// changing the SVG:  node shell/scripts/make-icons.mjs
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const shell = join(dirname(fileURLToPath(import.meta.url)), '..');
const svg = readFileSync(join(shell, 'brand/icon.svg'), 'utf8');
// The maskable variant: the same drawing with square corners (the mask rounds it).
const maskable = svg.replace(/<rect width="512" height="512" rx="\d+"/, '<rect width="512" height="512" rx="0"');
if (maskable === svg) throw new Error('make-icons: the background <rect> of brand/icon.svg was not found');

const out = join(shell, 'public/icons');
mkdirSync(out, { recursive: true });
const jobs = [
  ['icon-192.png', svg, 192],
  ['icon-512.png', svg, 512],
  ['maskable-192.png', maskable, 192],
  ['maskable-512.png', maskable, 512],
];
for (const [name, source, size] of jobs) {
  await sharp(Buffer.from(source), { density: Math.ceil((72 * size) / 512) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(out, name));
  console.log(`shell/public/icons/${name} ${size}×${size}`);
}
