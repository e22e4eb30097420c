import { randomBytes, randomInt } from 'node:crypto';
import Bowser from 'bowser';
import type { Lang } from '@wishlist/service-kit';

/** What the sign-in request says about the device that asked (both parts may be unknown). */
export interface DeviceInfo {
  browser: string | null;
  os: string | null;
}

/** A name as shown to people: printable, short, nothing a mail or a page could misread. */
function cleanName(value: string | undefined): string | null {
  const name = (value ?? '').replace(/[^\p{L}\p{N} ._/()-]/gu, '').trim().slice(0, 40);
  return name === '' ? null : name;
}

/** The browser and system named by a `User-Agent` header (bowser, MIT); unknown parts are null. */
export function parseDevice(userAgent: string | undefined): DeviceInfo {
  // A header is at most a few hundred characters; a longer one is not parsed further.
  const ua = (userAgent ?? '').slice(0, 512);
  if (ua.trim() === '') return { browser: null, os: null };
  try {
    const parsed = Bowser.parse(ua);
    return { browser: cleanName(parsed.browser.name), os: cleanName(parsed.os.name) };
  } catch {
    return { browser: null, os: null };
  }
}

const DEVICE_TEXTS: Record<Lang, { both: (b: string, o: string) => string; osOnly: (o: string) => string; unknown: string }> = {
  en: { both: (b, o) => `${b} on ${o}`, osOnly: (o) => `a browser on ${o}`, unknown: 'an unknown browser' },
  fr: { both: (b, o) => `${b} sur ${o}`, osOnly: (o) => `un navigateur sur ${o}`, unknown: 'un navigateur inconnu' },
};

/** "Firefox on Android", "Firefox sur Android", "an unknown browser"… */
export function describeDevice(device: DeviceInfo, lang: Lang): string {
  const t = DEVICE_TEXTS[lang] ?? DEVICE_TEXTS.en;
  if (device.browser && device.os) return t.both(device.browser, device.os);
  if (device.browser) return device.browser;
  if (device.os) return t.osOnly(device.os);
  return t.unknown;
}

/** An IANA time zone this runtime knows ("Europe/Paris"), else null: a bad one is ignored. */
export function validTimeZone(value: string | undefined): string | null {
  if (!value || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * The code both screens show (the one that asked and the page opened from the e-mail), so the
 * person can see they approve their own device: 4 random digits. It is no secret and grants
 * nothing; it only ties the two screens together.
 */
export function newMatchCode(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0');
}

export const MATCH_CODE_PATTERN = /^[0-9]{4}$/;

/**
 * The account page's reference to a signed-in device: 128 random bits, URL-safe (22 characters).
 * Not derived from the bearer, so a list of devices holds nothing usable as a credential.
 */
export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
