export type PageFetchErrorKind =
  | 'invalid'
  | 'scheme'
  | 'credentials'
  | 'forbidden'
  | 'port'
  | 'unreachable'
  | 'timeout'
  | 'notHtml'
  | 'tooLarge'
  | 'tooManyRedirects'
  | 'status';

/** A refused or failed page fetch; the message is shown to the user (422 on the url field). */
export class PageFetchError extends Error {
  constructor(
    readonly kind: PageFetchErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'PageFetchError';
  }
}
