import { z } from 'zod';

/**
 * `PAGE_FETCH_ALLOWLIST` (ARCHITECTURE §7): comma-separated `host:port` entries the page fetch
 * may reach even when they resolve to private or loopback addresses (tests, intranets).
 * Hosts are names or IP literals (IPv6 in brackets: `[::1]:8080`); the port is required so an
 * entry opens one service, not a whole machine.
 */
const ENTRY = /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*):([0-9]{1,5})$/;

export function parseAllowlist(raw: string): Set<string> {
  const entries = new Set<string>();
  for (const part of raw.split(',')) {
    const entry = part.trim().toLowerCase();
    if (!entry) continue;
    const match = ENTRY.exec(entry);
    const port = match ? Number(match[5]) : NaN;
    if (!match || port < 1 || port > 65535) throw new Error(`"${entry}" is not a host:port entry`);
    entries.add(entry);
  }
  return entries;
}

/** Config schema: the raw string, checked at start so a typo fails fast. */
export const allowlistSchema = z.string().superRefine((raw, ctx) => {
  try {
    parseAllowlist(raw);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: (err as Error).message });
  }
});
