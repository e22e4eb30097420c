import { isUtf8 } from 'node:buffer';
import { decodeBuffer, getEncoding } from 'encoding-sniffer';

/**
 * BOM, then the header's charset, then a `<meta charset>` prescan (encoding-sniffer, which
 * cheerio uses). An undeclared page is read as UTF-8 when it is valid UTF-8, else as
 * windows-1252 (the HTML default).
 */
export function decodeHtml(body: Buffer, charset?: string): string {
  const sniffing = { maxBytes: 16 * 1024, transportLayerEncodingLabel: charset };
  const declaredOrDefault = getEncoding(body, sniffing);
  const undeclared = getEncoding(body, { ...sniffing, defaultEncoding: 'utf-8' }) !== declaredOrDefault;
  const encoding = undeclared && isUtf8(body) ? 'utf-8' : declaredOrDefault;
  // iconv-lite (through encoding-sniffer): Node's TextDecoder reads windows-1252 as latin1.
  return decodeBuffer(body, { ...sniffing, userEncoding: encoding });
}
