// One rule for every short name that may reach another person (list and product names, a giver's
// identity): one line of plain text. Line breaks, control characters and direction overrides would
// let a name pose as a paragraph of our own in a mail, or reorder the text around it.

/** C0 and C1 controls (line breaks and tabs included), DEL, and the Unicode line/paragraph separators. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;
/** Direction embeddings, overrides and isolates, direction marks, zero-width characters and BOM. */
const INVISIBLES = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\uFEFF]/g;

/**
 * A display name as stored and shown: controls become a space, direction and zero-width characters
 * are removed, runs of white space become one space, trimmed.
 */
export function cleanDisplayName(value: string): string {
  return value.replace(CONTROLS, ' ').replace(INVISIBLES, '').replace(/\s+/g, ' ').trim();
}

/**
 * Free text of several lines (a giver's message): line breaks kept as LF, other controls and the
 * direction and zero-width characters removed, at most two blank lines in a row, trimmed.
 */
export function cleanMultilineText(value: string): string {
  return value
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(/\t/g, ' ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g, '')
    .replace(INVISIBLES, '')
    .replace(/\n{4,}/g, '\n\n\n')
    .trim();
}
