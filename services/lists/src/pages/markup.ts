/**
 * Bounds what the HTML parser (parse5, through cheerio) may be made to do before it runs. Its
 * tree construction scans the stack of open elements for many tags (a `<div>` looks for an open
 * `<p>` down the whole stack) and compares each attribute's name with every earlier one of its
 * tag, so a few hundred kB of nested `<div>`s or of one tag's attributes cost minutes; and every
 * formatting element left open (`<b>`, `<font>`…) is re-opened in each following block, so that
 * `<div><b id=1>x</div><div><b id=2>x</div>…` builds a tree quadratic in the page's size.
 *
 * One linear pass follows the nesting as the parser will (void and raw-text elements, the end
 * tags and the implied ends it knows, scopes), and where a page goes past a limit it drops tags
 * rather than refusing the page, as browsers cap the tree's depth: a start tag past MAX_DEPTH
 * (and its end tag), a formatting element past MAX_ACTIVE_FORMATTING left open, the attributes
 * of a tag past MAX_ATTRIBUTES. Text is never dropped. An ordinary page comes back unchanged.
 */

export const MAX_DEPTH = 128;
export const MAX_ATTRIBUTES = 128;
export const MAX_ACTIVE_FORMATTING = 6;

const set = (names: string) => new Set(names.split(' '));
const VOID = set('area base basefont bgsound br col embed frame hr image img input keygen link meta param source track wbr');
/** Their content is text up to their end tag (noscript is markup: pages are parsed without scripting). */
const RAW_TEXT = set('script style textarea title xmp iframe noembed noframes');
const FORMATTING = set('a b big code em font i nobr s small strike strong tt u');
const SPECIAL = set(
  'address applet area article aside base basefont bgsound blockquote body br button caption center col colgroup dd details dir div dl dt embed fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html iframe img input keygen li link listing main marquee menu meta nav noembed noframes noscript object ol p param plaintext pre script search section select source style summary table tbody td template textarea tfoot th thead title tr track ul wbr xmp',
);
/** Where the parser stops looking down the stack for an element "in scope". */
const SCOPE = set('applet caption html table td th marquee object template svg math foreignobject');
const CLOSES_P = set(
  'address article aside blockquote center details dialog dir div dl fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr main menu nav ol p pre search section summary table ul listing xmp plaintext li dd dt',
);
const HEADINGS = set('h1 h2 h3 h4 h5 h6');
const TABLE_SECTIONS = set('tbody thead tfoot');

interface Tag {
  name: string;
  end: boolean;
  selfClosing: boolean;
  /** Index just past the tag's `>` (the page's length for a tag left open). */
  close: number;
  /** Where the tag's kept attributes stop, when it has more than MAX_ATTRIBUTES. */
  cutAt?: number;
}

const NAME = /[a-zA-Z][^\s/>\0]*/y;
/** Whitespace between attributes (tab, line feed, form feed, carriage return, space) and NUL. */
const isSpace = (c: string | undefined) => c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f' || c === '\0';
const isLetter = (c: string | undefined) => c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));

/** Reads the tag at `start` (`<` then a letter, or `</` then a letter). */
function readTag(html: string, start: number): Tag {
  const end = html[start + 1] === '/';
  NAME.lastIndex = start + (end ? 2 : 1);
  const name = NAME.exec(html)![0].toLowerCase();
  let i = NAME.lastIndex;
  let attributes = 0;
  let cutAt: number | undefined;
  let selfClosing = false;
  const n = html.length;
  while (i < n) {
    const c = html[i];
    if (c === '>') return { name, end, selfClosing, close: i + 1, cutAt };
    if (c === '/' || isSpace(c)) {
      selfClosing = c === '/';
      i += 1;
      continue;
    }
    selfClosing = false;
    attributes += 1;
    if (attributes > MAX_ATTRIBUTES && cutAt === undefined) cutAt = i;
    // The attribute's name, then maybe `= value`.
    i += 1;
    while (i < n && html[i] !== '=' && html[i] !== '>' && html[i] !== '/' && !isSpace(html[i])) i += 1;
    let j = i;
    while (j < n && isSpace(html[j])) j += 1;
    if (html[j] !== '=') continue;
    j += 1;
    while (j < n && isSpace(html[j])) j += 1;
    const quote = html[j];
    if (quote === '"' || quote === "'") {
      const closing = html.indexOf(quote, j + 1);
      i = closing < 0 ? n : closing + 1;
    } else {
      while (j < n && html[j] !== '>' && !isSpace(html[j])) j += 1;
      i = j;
    }
  }
  return { name, end, selfClosing, close: n, cutAt };
}

/** The page with its nesting, open formatting elements and attributes bounded (see above). */
export function limitMarkup(html: string): string {
  /** The open elements, and for formatting ones their attributes (the parser's "alike"). */
  const stack: Array<{ name: string; key: string }> = [];
  /** How many of each name are open: most lookups down the stack end here. */
  const open = new Map<string, number>();
  /** Formatting elements closed implicitly, that the parser would re-open (at most 3 alike). */
  const active: Array<{ name: string; key: string }> = [];
  const dropped = new Map<string, number>();
  const out: string[] = [];
  let copiedTo = 0;
  let dropping = false;

  const drop = (from: number, to: number) => {
    if (from > copiedTo) out.push(html.slice(copiedTo, from));
    copiedTo = to;
    dropping = true;
  };
  const isOpen = (names: string[]) => names.some((name) => (open.get(name) ?? 0) > 0);
  /** Index of the nearest open element named `names` down the stack, not looking past `stop`, or -1. */
  const find = (names: string[], stop: (name: string) => boolean): number => {
    if (!isOpen(names)) return -1;
    for (let k = stack.length - 1; k >= 0; k -= 1) {
      if (names.includes(stack[k].name)) return k;
      if (stop(stack[k].name)) return -1;
    }
    return -1;
  };
  /** Closes the element at `index` and those above it; the formatting ones above stay active. */
  const popTo = (index: number) => {
    while (stack.length > index) {
      const entry = stack.pop()!;
      open.set(entry.name, open.get(entry.name)! - 1);
      if (stack.length > index && FORMATTING.has(entry.name) && active.filter((a) => a.key === entry.key).length < 3) active.push(entry);
    }
  };
  const closeIn = (names: string[], stop: (name: string) => boolean) => {
    const at = find(names, stop);
    if (at >= 0) popTo(at);
  };
  const FOREIGN = ['svg', 'math'];
  const listStop = (n: string) => SPECIAL.has(n) && n !== 'address' && n !== 'div' && n !== 'p';

  let i = html.indexOf('<');
  while (i >= 0 && i < html.length) {
    const next = html[i + 1];
    if (html.startsWith('<!--', i)) {
      const endComment = html.indexOf('-->', i + 4);
      if (endComment < 0) break;
      i = html.indexOf('<', endComment + 3);
      continue;
    }
    if (!(isLetter(next) || (next === '/' && isLetter(html[i + 2])))) {
      if (next === '!' || next === '?' || next === '/') {
        const gt = html.indexOf('>', i);
        if (gt < 0) break;
        i = html.indexOf('<', gt + 1);
      } else {
        i = html.indexOf('<', i + 1);
      }
      continue;
    }
    const start = i;
    const tag = readTag(html, start);
    const { name } = tag;
    i = html.indexOf('<', tag.close);
    // A tag kept loses its attributes past MAX_ATTRIBUTES.
    if (tag.cutAt !== undefined) drop(tag.cutAt, html[tag.close - 1] === '>' ? tag.close - 1 : tag.close);

    if (tag.end) {
      const at = find([name], SPECIAL.has(name) ? (n) => SCOPE.has(n) : (n) => SPECIAL.has(n));
      if (at < 0 && (dropped.get(name) ?? 0) > 0) {
        dropped.set(name, dropped.get(name)! - 1);
        drop(start, tag.close);
        continue;
      }
      if (at >= 0) popTo(at);
      else if (FORMATTING.has(name)) {
        const last = active.map((a) => a.name).lastIndexOf(name);
        if (last >= 0) active.splice(last, 1);
      }
      continue;
    }

    const foreign = isOpen(FOREIGN);
    const opens = !VOID.has(name) && !(foreign && tag.selfClosing) && name !== 'html' && name !== 'body' && name !== 'head';
    // Past the depth limit, its content joins the deepest element kept; past the formatting
    // limit, its text stays without the formatting.
    if ((opens && stack.length >= MAX_DEPTH) || (FORMATTING.has(name) && active.length >= MAX_ACTIVE_FORMATTING)) {
      dropped.set(name, (dropped.get(name) ?? 0) + 1);
      drop(start, tag.close);
      continue;
    }
    if (!foreign) {
      if (CLOSES_P.has(name)) closeIn(['p'], (n) => SCOPE.has(n) || n === 'button');
      if (HEADINGS.has(name) && HEADINGS.has(stack[stack.length - 1]?.name)) popTo(stack.length - 1);
      if (name === 'li') closeIn(['li'], listStop);
      if (name === 'dd' || name === 'dt') closeIn(['dd', 'dt'], listStop);
      if ((name === 'option' || name === 'optgroup') && stack[stack.length - 1]?.name === 'option') popTo(stack.length - 1);
      if (name === 'td' || name === 'th') closeIn(['td', 'th'], (n) => n === 'table' || n === 'tr');
      if (name === 'tr') closeIn(['tr'], (n) => n === 'table');
      if (TABLE_SECTIONS.has(name)) closeIn(['tbody', 'thead', 'tfoot'], (n) => n === 'table');
    }
    if (!opens) continue;
    if (RAW_TEXT.has(name) && !foreign) {
      const endTag = new RegExp(`</${name}[\\s/>]`, 'ig');
      endTag.lastIndex = tag.close;
      const found = endTag.exec(html);
      const gt = found ? html.indexOf('>', found.index) : -1;
      if (gt < 0) break;
      i = html.indexOf('<', gt + 1);
      continue;
    }
    stack.push({ name, key: FORMATTING.has(name) ? html.slice(start, Math.min(tag.close, start + 2000)) : name });
    open.set(name, (open.get(name) ?? 0) + 1);
  }
  if (!dropping) return html;
  out.push(html.slice(copiedTo));
  return out.join('');
}
