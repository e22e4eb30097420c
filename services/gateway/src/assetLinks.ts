import type { RequestHandler } from 'express';
import { z } from 'zod';
import { notFoundHandler } from '@wishlist/service-kit';

/**
 * Digital Asset Links for the Android Trusted Web Activity wrapper (docs/android-wrapper.md):
 * `/.well-known/assetlinks.json` lets the app with this package name, signed with one of these
 * certificates, open our URLs full screen. Unconfigured: a JSON 404.
 */

/** An Android application id: dot-separated segments, each starting with a letter. */
export const androidPackageName = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .pipe(
    z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/, 'must be an Android package name such as com.example.wishlist')
      .optional(),
  );

const FINGERPRINT = /^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/;

/** SHA-256 signing-certificate fingerprints, `AA:BB:…` (32 bytes), comma-separated; upper-cased. */
export const androidCertFingerprints = z
  .string()
  .optional()
  .transform((raw, ctx): string[] => {
    const list = (raw ?? '').split(/[\s,]+/).filter(Boolean).map((f) => f.toUpperCase());
    const bad = list.filter((f) => !FINGERPRINT.test(f));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `each must be a SHA-256 fingerprint, 32 hex bytes separated by colons (AA:BB:…); not ${bad.join(', ')}` });
      return z.NEVER;
    }
    return [...new Set(list)];
  });

export interface AssetLinksConfig {
  androidPackageName?: string;
  androidCertFingerprints: string[];
}

export interface AssetStatement {
  relation: string[];
  target: { namespace: 'android_app'; package_name: string; sha256_cert_fingerprints: string[] };
}

/** The statements to serve, or null when the wrapper is not configured. Half a configuration is an error. */
export function assetLinks(config: AssetLinksConfig): AssetStatement[] | null {
  const pkg = config.androidPackageName;
  const prints = config.androidCertFingerprints;
  if (!pkg && prints.length === 0) return null;
  if (!pkg || prints.length === 0) {
    throw new Error(
      'gateway configuration: ANDROID_PACKAGE_NAME and ANDROID_CERT_FINGERPRINTS go together (set both for the Android wrapper, or neither)',
    );
  }
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: { namespace: 'android_app', package_name: pkg, sha256_cert_fingerprints: prints },
    },
  ];
}

/** GET /.well-known/assetlinks.json: the statements as JSON, cacheable for an hour; else 404. */
export function assetLinksHandler(config: AssetLinksConfig): RequestHandler {
  const statements = assetLinks(config);
  if (!statements) return notFoundHandler;
  const body = JSON.stringify(statements);
  return (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('application/json').send(body);
  };
}
