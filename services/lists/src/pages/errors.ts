import type { BotWall } from './challenge';

export type PageFetchErrorKind =
  | 'invalid'
  | 'tooLong'
  | 'scheme'
  | 'credentials'
  | 'forbidden'
  | 'port'
  | 'unreachable'
  | 'timeout'
  | 'notHtml'
  | 'tooLarge'
  | 'tooManyRedirects'
  | 'notFound'
  | 'status'
  | 'blocked'
  | 'unreadable';

/**
 * The machine-readable code of each kind, sent next to the message (422
 * `{ errors: { url: message }, code }`): the front end words each case in the person's language.
 */
export const PAGE_ERROR_CODES: Record<PageFetchErrorKind, string> = {
  invalid: 'url_invalid',
  tooLong: 'url_too_long',
  scheme: 'url_scheme',
  credentials: 'url_credentials',
  forbidden: 'url_forbidden',
  port: 'url_port',
  unreachable: 'page_unreachable',
  timeout: 'page_timeout',
  notHtml: 'page_not_html',
  tooLarge: 'page_too_large',
  tooManyRedirects: 'page_redirects',
  notFound: 'page_not_found',
  status: 'page_error',
  blocked: 'page_blocked',
  unreadable: 'page_unreadable',
};

/** A refused or failed page fetch; the message is shown to the user (422 on the url field). */
export class PageFetchError extends Error {
  constructor(
    readonly kind: PageFetchErrorKind,
    message: string,
    /** For `blocked`: which anti-bot service answered, and how it was recognised (logs only). */
    readonly wall?: BotWall,
  ) {
    super(message);
    this.name = 'PageFetchError';
  }

  get code(): string {
    return PAGE_ERROR_CODES[this.kind];
  }
}
