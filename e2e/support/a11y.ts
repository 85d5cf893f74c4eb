import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** axe-core's tags for the success criteria of WCAG 2.0, 2.1 and 2.2 at levels A and AA (issue 27: WCAG 2.2 AA). */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The impacts that fail a flow; minor and moderate findings are counted and printed only. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** How many elements of each failing rule the failure message names. */
const TARGETS_SHOWN = 3;

/** The key under which Mantine keeps the colour scheme in localStorage (its localStorageColorSchemeManager). */
const SCHEME_KEY = 'mantine-color-scheme-value';

type Scheme = 'light' | 'dark';

/** What expectAccessible scans. */
export interface AccessibleOptions {
  /** The colour schemes to scan in, in this order; light and dark unless given. */
  schemes?: Scheme[];
  /**
   * Only these axe rules (for a screen whose other findings are known and reported elsewhere); every WCAG A and AA
   * rule unless given.
   */
  rules?: string[];
  /**
   * Rules left out on this screen, each with the WCAG exception that allows it (e.g. target-size for map pins, whose
   * size and place carry the map: WCAG 2.5.8's "Essential" exception); the reasons are printed with the counts.
   */
  exceptions?: Record<string, string>;
}

/**
 * Turns the app to `scheme` the way another tab would: Mantine listens to localStorage's storage event, so this works
 * on every screen, those without a scheme button (sign-in, the phone apps) too, without reloading the page.
 */
async function setScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.evaluate(
    ([key, value]) => {
      window.localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: window.localStorage }));
    },
    [SCHEME_KEY, scheme] as const,
  );
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}

/**
 * One line per failing rule: its id, impact, help, the first elements' selectors and axe's finding on the first
 * (for contrast: the ratio and both colours), so a failure in CI can be fixed without running it again.
 */
function failureLines(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => {
      const targets = violation.nodes.slice(0, TARGETS_SHOWN).map((node) => node.target.join(' '));
      const more = violation.nodes.length > TARGETS_SHOWN ? ` and ${violation.nodes.length - TARGETS_SHOWN} more` : '';
      const finding = violation.nodes[0]?.failureSummary?.replace(/\s+/g, ' ').trim() ?? '';
      return `${violation.id} (${violation.impact}, ${violation.nodes.length} elements): ${violation.help} - ${targets.join(' | ')}${more} [${finding}]`;
    });
}

/**
 * Scans the page as it is with axe-core for WCAG 2.0, 2.1 and 2.2 A and AA (issue 27), in the light and then the
 * dark colour scheme, and puts the scheme back as it was. Each scan's count of violations of every impact (rules and
 * elements) is printed and kept as a test annotation ("axe"), so CI shows it per screen; a serious or critical
 * violation fails the test with one line per rule: its id, impact, number of elements, help and first selectors.
 * CSS transitions are switched off while scanning, so colours are measured as they end, not halfway.
 * @param screenName how the screen is named in the output, e.g. "/clients" or "client profile"
 * @param options the schemes and rules to scan (all WCAG A and AA rules, light and dark, unless given)
 */
export async function expectAccessible(page: Page, screenName: string, options: AccessibleOptions = {}): Promise<void> {
  const original = ((await page.locator('html').getAttribute('data-mantine-color-scheme')) ?? 'light') as Scheme;
  const noTransitions = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  const failures: string[] = [];
  for (const scheme of options.schemes ?? ['light', 'dark']) {
    await setScheme(page, scheme);
    const builder = new AxeBuilder({ page }).disableRules(Object.keys(options.exceptions ?? {}));
    const { violations } = await (options.rules ? builder.withRules(options.rules) : builder.withTags(WCAG_AA_TAGS)).analyze();
    const elements = violations.reduce((sum, violation) => sum + violation.nodes.length, 0);
    const lines = failureLines(violations);
    const summary = `${screenName} (${scheme}): ${violations.length} violations on ${elements} elements, ${lines.length} serious or critical`;
    const excepted = Object.entries(options.exceptions ?? {}).map(([rule, why]) => `; ${rule} not scanned: ${why}`);
    console.log(`axe ${summary}${excepted.join('')}`);
    test.info().annotations.push({ type: 'axe', description: summary });
    failures.push(...lines.map((line) => `${screenName} (${scheme}) ${line}`));
  }
  await setScheme(page, original);
  await noTransitions.evaluate((style) => (style as Element).remove());
  expect(failures, `axe-core: serious or critical WCAG violations on ${screenName}`).toEqual([]);
}
