// User-typed text is stored and mailed as plain text: control characters (other than the line
// breaks and tabs of a message) are removed, so nothing typed can break a mail or a log line.

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

/** One line: line breaks and tabs become spaces, runs of spaces one, trimmed. */
export function singleLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').replace(CONTROL, '').replace(/ {2,}/g, ' ').trim();
}

/** Several lines: CRLF and CR become LF, at most two blank lines in a row, trimmed. */
export function multiLine(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(/\n{4,}/g, '\n\n\n')
    .trim();
}
