// Accessibility checks with axe-core, run inside the page the journey has open: WCAG 2.1 A and
// AA rules (labels, alt texts, names, contrast, landmarks, ARIA use).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const RULES = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } };

/** Fails with each violated rule and up to three of the elements that break it. */
export async function assertAccessible(page, screen) {
  // Evaluated through the debugging protocol, so a page's script policy cannot refuse it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const violations = await page.evaluate(async (rules) => {
    const result = await window.axe.run(document, rules);
    return result.violations.map((rule) => ({
      rule: rule.id,
      impact: rule.impact,
      help: rule.help,
      nodes: rule.nodes.slice(0, 3).map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
  }, RULES);
  assert.ok(
    violations.length === 0,
    `${screen} has accessibility violations:\n${violations
      .map((found) => `- ${found.rule} (${found.impact}): ${found.help}\n    ${found.nodes.join('\n    ')}`)
      .join('\n')}`,
  );
}
