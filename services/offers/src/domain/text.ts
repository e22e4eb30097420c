import { cleanDisplayName, cleanMultilineText } from '@wishlist/contracts';

// User-typed text is stored and mailed as plain text, cleaned by the shared display-name rule
// (one line, no controls, no direction overrides) or, for free text, the multi-line rule.

/** One line: the shared display-name rule. */
export function singleLine(value: string): string {
  return cleanDisplayName(value);
}

/** Several lines: line breaks kept (LF), controls and direction characters removed, trimmed. */
export function multiLine(value: string): string {
  return cleanMultilineText(value);
}
