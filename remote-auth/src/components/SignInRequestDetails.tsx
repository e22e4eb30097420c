import type { SignInRequestView } from '@wishlist/contracts';
import { useAuthT } from '../i18n';

type T = ReturnType<typeof useAuthT>['t'];

/** "Firefox on Android", "A browser on iOS", "An unknown browser", in the reader's language. */
export function deviceText(t: T, device: SignInRequestView['device']): string {
  if (device.browser && device.os) return t('validate.deviceBoth', { browser: device.browser, os: device.os });
  if (device.browser) return device.browser;
  if (device.os) return t('validate.deviceOsOnly', { os: device.os });
  return t('validate.deviceUnknown');
}

/** The reader's own locale when it is of the page's language (en-GB, fr-CA…), else the language. */
function readerLocale(lang: string): string {
  const own = typeof navigator === 'undefined' ? '' : navigator.language;
  return own && own.toLowerCase().split('-')[0] === lang ? own : lang;
}

/** When the request was made, in the reader's locale and own time zone. */
export function requestedAtText(iso: string, lang: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(readerLocale(lang), { dateStyle: 'long', timeStyle: 'short' }).format(date);
  } catch {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short' }).format(date);
  }
}

/** What the person approves: the device that asked, when, and the code its screen shows. */
export function SignInRequestDetails({ request }: { request: SignInRequestView }) {
  const { t, lang } = useAuthT();
  return (
    <dl className="auth-request">
      <dt>{t('validate.device')}</dt>
      <dd data-testid="request-device">{deviceText(t, request.device)}</dd>
      <dt>{t('validate.requestedAt')}</dt>
      <dd>
        <time dateTime={request.requestedAt}>{requestedAtText(request.requestedAt, lang)}</time>
      </dd>
      {request.matchCode && (
        <>
          <dt>{t('validate.code')}</dt>
          <dd>
            <strong className="auth-code" data-testid="request-code">
              {request.matchCode}
            </strong>
          </dd>
        </>
      )}
    </dl>
  );
}
