// End-to-end journeys through the whole product, served by `npm start` on a test port.
import { defineConfig, devices } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..');
export const PORT = Number(process.env.E2E_PORT ?? 18080);
/** A second gateway with the affiliate script turned off (VITE_DEACTIVATE_AFFILIATION=true). */
export const NO_AFFILIATION_PORT = PORT + 1;
/** A local shop (e2e/shop/server.mjs) the page fetch may reach through PAGE_FETCH_ALLOWLIST. */
export const SHOP_PORT = PORT + 2;
export const SHOP_URL = `http://localhost:${SHOP_PORT}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'wishlist-e2e-'));

// Debian's Chromium on the build machines; Playwright's own browser on a laptop that has it.
const systemChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const launchOptions = existsSync(systemChromium)
  ? {
      executablePath: systemChromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    }
  : {};

export default defineConfig({
  testDir: './tests',
  // The longest journeys take 50 s on a quiet two-core machine; a busy one must not fail them.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions,
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
    {
      name: 'mobile-360',
      use: { ...devices['Desktop Chrome'], viewport: { width: 360, height: 740 }, isMobile: false, hasTouch: true, launchOptions },
    },
  ],
  webServer: [
    {
      command: `node e2e/shop/server.mjs ${SHOP_PORT}`,
      cwd: root,
      url: `${SHOP_URL}/`,
      timeout: 30_000,
      reuseExistingServer: !process.env.CI,
    },
    {
      command: 'node scripts/start.mjs',
      cwd: root,
      url: `http://localhost:${PORT}/api/health`,
      timeout: 600_000,
      reuseExistingServer: !process.env.CI,
      // The stack's request logs drown the test report; E2E_VERBOSE=1 shows them (stderr always shows).
      stdout: process.env.E2E_VERBOSE ? 'pipe' : 'ignore',
      env: {
        PORT: String(PORT),
        // The services' own ports follow the gateway's, so two stacks can run side by side.
        AUTH_PORT: String(PORT + 11),
        LISTS_PORT: String(PORT + 12),
        OFFERS_PORT: String(PORT + 13),
        ENGINE_METRICS_PORT: String(PORT + 14),
        DATA_DIR: dataDir,
        PAGE_FETCH_ALLOWLIST: `localhost:${SHOP_PORT},127.0.0.1:${SHOP_PORT}`,
        OFFERING_RATE_PER_CLIENT: '10000',
        OFFERING_CONFIRMATION_RATE_PER_CLIENT: '10000',
        // Short-lived codes so the expiry journey runs in seconds; sign-in limits sized for the suite.
        VALIDATION_CODE_TTL_SECONDS: process.env.E2E_CODE_TTL_SECONDS ?? '25',
        SIGNIN_RATE_PER_CLIENT: '10000',
        SIGNIN_RATE_PER_ADDRESS: '50',
        VALIDATE_RATE_PER_CLIENT: '10000',
        // Every journey runs from one address and some open deleted or reset lists on purpose.
        LIST_MISS_LIMIT: '10000',
        // Anonymous list reads stay in the gateway's cache for 30 s instead of 1: every journey then
        // shows that a write through the gateway makes the next read fresh (no stale list anywhere).
        PUBLIC_LIST_SHARED_MAX_AGE_S: '30',
        // Occasion reminders go out within seconds (the journey waits for one in the outbox).
        REMINDER_SWEEP_SECONDS: '2',
      },
    },
    {
      command: 'node --import tsx services/gateway/src/main.ts',
      cwd: root,
      url: `http://localhost:${NO_AFFILIATION_PORT}/remotes.json`,
      timeout: 120_000,
      reuseExistingServer: !process.env.CI,
      env: {
        PORT: String(NO_AFFILIATION_PORT),
        DATA_DIR: dataDir,
        VITE_DEACTIVATE_AFFILIATION: 'true',
        AUTH_URL: `http://127.0.0.1:${PORT + 11}`,
        LISTS_URL: `http://127.0.0.1:${PORT + 12}`,
        OFFERS_URL: `http://127.0.0.1:${PORT + 13}`,
      },
    },
  ],
});
