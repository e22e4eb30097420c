import { chromium } from '@playwright/test';
const base = 'http://localhost:19280';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking'] });
for (const touch of [false, true]) {
const ctx = await browser.newContext({ viewport: touch ? { width: 360, height: 740 } : { width: 1280, height: 800 }, hasTouch: touch, baseURL: base });
const page = await ctx.newPage();
const state = () => page.evaluate(() => { const a = document.activeElement; return `${a?.tagName}.${a?.className} fv=${a?.matches(':focus-visible')} outline=${getComputedStyle(a).outlineStyle}`; });
await page.goto('/en'); await page.waitForTimeout(1500);
console.log('touch', touch, 'initial /en:', await state());
const b = page.getByRole('link', { name: /start my wish list/i });
if (touch) await b.tap(); else await b.click();
await page.waitForTimeout(1500);
console.log(page.url(), await state());
await page.getByLabel(/e-mail/i).fill('a'+Date.now()+'@example.com');
const s = page.getByRole('button', { name: /send me/i });
if (touch) await s.tap(); else await s.click();
await page.waitForURL(/check-your/); await page.waitForTimeout(800);
console.log(page.url(), await state());
const u = page.getByRole('link', { name: /use another/i });
if (touch) await u.tap(); else await u.click();
await page.waitForTimeout(800);
console.log(page.url(), await state());
await page.goto('/basket'); await page.waitForTimeout(1500);
const bb = page.getByRole('button', { name: /add more/i }).or(page.getByRole('link', { name: /add more/i }));
console.log('basket', await state(), await bb.count());
await ctx.close();
}
await browser.close();
