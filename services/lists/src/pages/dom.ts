import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';

/**
 * Reading a parsed page in time bounded by its size: text gathered iteratively (no recursion a
 * deep tree could overflow) and only as far as the caller needs, ancestor walks of a fixed length.
 */

/** Nodes one text extraction visits at most: beyond, the element is no short label. */
const MAX_TEXT_NODES = 5000;

/**
 * The text of `node` as cheerio's `.text()` gives it (every text node below it, comments left
 * out), but iterative and stopping once it holds more than `max` characters or has visited
 * MAX_TEXT_NODES nodes (`complete: false`; `text` is then at most `max` characters).
 */
export function textOf(node: AnyNode | undefined, max: number): { text: string; complete: boolean } {
  let text = '';
  let visits = 0;
  const stack: AnyNode[] = node ? [node] : [];
  while (stack.length > 0) {
    if (text.length > max || visits >= MAX_TEXT_NODES) return { text: text.slice(0, max), complete: false };
    const current = stack.pop()!;
    visits += 1;
    if (current.type === 'text') text += current.data;
    else if (current.type !== 'comment' && 'children' in current) {
      const children = current.children;
      for (let k = Math.min(children.length, MAX_TEXT_NODES - visits) - 1; k >= 0; k -= 1) stack.push(children[k]);
    }
  }
  return text.length > max ? { text: text.slice(0, max), complete: false } : { text, complete: true };
}

/** The text of `node` when it has at most `max` characters, else undefined. */
export function shortText(node: AnyNode | undefined, max: number): string | undefined {
  const { text, complete } = textOf(node, max);
  return complete ? text : undefined;
}

/** Up to `max` ancestors of `node`, nearest first. */
export function ancestors(node: AnyNode, max: number): Element[] {
  const found: Element[] = [];
  for (let p = node.parent; p && found.length < max; p = p.parent) if (p.type === 'tag' || p.type === 'script' || p.type === 'style') found.push(p as Element);
  return found;
}

/**
 * The first `max` elements below `node`, in document order (cheerio's `.find('*')` copies and
 * de-duplicates all of the node's children first, in time quadratic in their number).
 */
export function firstDescendants(node: AnyNode, max: number): Element[] {
  const found: Element[] = [];
  const stack: AnyNode[] = 'children' in node ? [...(node.children as AnyNode[]).slice(0, max)].reverse() : [];
  while (stack.length > 0 && found.length < max) {
    const current = stack.pop()!;
    if (current.type !== 'tag' && current.type !== 'script' && current.type !== 'style') continue;
    found.push(current as Element);
    const children = (current as Element).children;
    for (let k = Math.min(children.length, max) - 1; k >= 0; k -= 1) stack.push(children[k]);
  }
  return found;
}

/** Whether `node` or one of its ancestors, up to `max` levels, is named in `names`. */
export function isWithin(node: AnyNode, names: ReadonlySet<string>, max: number): boolean {
  let level = 0;
  for (let p: AnyNode | null = node; p && level <= max; p = p.parent, level += 1) if ('name' in p && names.has(p.name)) return true;
  return false;
}

export const comparable = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();

export function absolute(raw: string | undefined, base: URL): string | undefined {
  if (!raw) return undefined;
  const value = raw.trim();
  if (!value || value.startsWith('data:')) return undefined;
  try {
    const url = new URL(value, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}

/** A microdata property's longest useful value, in characters. */
const MAX_ITEM_TEXT = 10_000;

/** A microdata property's value: its content/src/href/value attribute, else its text. */
export function itemValue($: CheerioAPI, el: ReturnType<CheerioAPI>): string | undefined {
  const node = el.get(0);
  if (!node || node.type !== 'tag') return undefined;
  const a = node.attribs;
  const value = a.content ?? (['img', 'source', 'audio', 'video', 'embed', 'iframe'].includes(node.name) ? a.src : undefined)
    ?? (['a', 'link', 'area'].includes(node.name) ? a.href : undefined)
    ?? (node.name === 'meta' ? a.content : undefined)
    ?? (node.name === 'data' || node.name === 'meter' ? a.value : undefined)
    ?? textOf(node, MAX_ITEM_TEXT).text;
  return value?.trim() || undefined;
}
