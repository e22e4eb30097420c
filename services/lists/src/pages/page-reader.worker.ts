// What a page-reader thread runs (reader.ts starts and stops the threads): the parse and the
// reading of one fetched page. Built for the image as dist/page-reader.worker.js
// (scripts/build-service.mjs builds every src/**/*.worker.ts beside dist/main.js).
import { extractMetadata, type PageMetadata } from './metadata';

export interface ReadTask {
  html: string;
  url: string;
}

export default function read({ html, url }: ReadTask): PageMetadata {
  return extractMetadata(html, url);
}
