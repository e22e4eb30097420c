// Runs axe-core on a rendered container; returns the serious and critical violations only.
import axe from 'axe-core';

export async function seriousViolations(container: Element): Promise<string[]> {
  const results = await axe.run(container, {
    // jsdom has no layout: contrast is checked in the browser (e2e), not here.
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
