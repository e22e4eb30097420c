/** How long an instance that refused a connection is left out of the rotation (it is still tried when no other is left). */
export const UPSTREAM_DOWN_MS = 2000;

/**
 * The instances of one service (AUTH_URL, LISTS_URL, OFFERS_URL may list several): requests go
 * round-robin over the instances not marked down; an instance that refused a connection is
 * skipped for `downMs`, and tried again after that (or at once when every other one is down too).
 */
export class UpstreamPool {
  private cursor = 0;
  private readonly downUntil = new Map<string, number>();

  constructor(
    readonly service: string,
    readonly urls: readonly string[],
    private readonly downMs = UPSTREAM_DOWN_MS,
    private readonly now: () => number = Date.now,
  ) {
    if (urls.length === 0) throw new Error(`no instance for ${service}`);
  }

  /** The next instance to try, never one of `tried`; undefined once every instance was tried. */
  pick(tried?: ReadonlySet<string>): string | undefined {
    const n = this.urls.length;
    if (n === 1) return tried?.has(this.urls[0]) ? undefined : this.urls[0];
    const t = this.now();
    let fallback = -1;
    for (let i = 0; i < n; i++) {
      const index = (this.cursor + i) % n;
      const url = this.urls[index];
      if (tried?.has(url)) continue;
      if ((this.downUntil.get(url) ?? 0) <= t) {
        this.cursor = (index + 1) % n;
        return url;
      }
      if (fallback < 0) fallback = index;
    }
    if (fallback < 0) return undefined;
    this.cursor = (fallback + 1) % n;
    return this.urls[fallback];
  }

  markDown(url: string): void {
    this.downUntil.set(url, this.now() + this.downMs);
  }

  markUp(url: string): void {
    if (this.downUntil.size > 0) this.downUntil.delete(url);
  }

  isDown(url: string): boolean {
    return (this.downUntil.get(url) ?? 0) > this.now();
  }
}
