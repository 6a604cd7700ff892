// Shared pieces of the <data-devtools> browser tests: mounting it over a Controller, reading
// what it shows, and waiting for its next frame.
import {fixture, html, waitUntil} from '@open-wc/testing';
import type {DataDevtools} from '../components/devtools/index.js';
import type {DataProvider} from '../components/data-provider.js';
import type {Controller} from '../src/core/index.js';
import '../components/provider.js';
import '../components/devtools/index.js';

/** A provider over `controller` with an open, inline devtools inside it. */
export async function mountDevtools(controller: Controller, options: {open?: boolean; tab?: string} = {}) {
  const provider = await fixture<DataProvider>(html`
    <data-provider .controller=${controller}>
      <data-devtools inline ?open=${options.open ?? true} tab=${options.tab ?? 'entities'}></data-devtools>
    </data-provider>
  `);
  const devtools = provider.querySelector('data-devtools')!;
  await devtools.updateComplete;
  return devtools;
}

/** The element in the devtools' shadow root matching `selector` (throws when absent). */
export function part<T extends Element = HTMLElement>(devtools: DataDevtools, selector: string): T {
  const found = devtools.shadowRoot!.querySelector<T>(selector);
  if (!found) throw new Error(`<data-devtools> shows no ${selector}`);
  return found;
}

/** Every element matching `selector` in the devtools' shadow root. */
export function parts<T extends Element = HTMLElement>(devtools: DataDevtools, selector: string): T[] {
  return [...devtools.shadowRoot!.querySelectorAll<T>(selector)];
}

/** Text with whitespace collapsed. */
export function text(el: Element): string {
  return (el.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Clicks a tab by its label and waits for the render. */
export async function showTab(devtools: DataDevtools, label: string): Promise<void> {
  const tab = parts(devtools, '[role="tab"]').find(t => text(t).startsWith(label));
  if (!tab) throw new Error(`no tab ${label}`);
  tab.click();
  await devtools.updateComplete;
}

/** Waits until the devtools shows what `check` looks for (it renders on an animation frame). */
export async function until(devtools: DataDevtools, check: () => boolean, what: string): Promise<void> {
  await waitUntil(check, `<data-devtools> never showed ${what}: ${(devtools.shadowRoot!.querySelector('[part="tabpanel"]') ?? devtools.shadowRoot!).textContent?.replace(/\s+/g, ' ')}`, {timeout: 5_000});
}

/** The result rows of the Results view: key → [status, error]. */
export function resultRows(devtools: DataDevtools): Map<string, [string, string]> {
  return new Map(
    parts(devtools, '[part="result"]').map(row => [row.dataset['key']!, [text(row.querySelector('.status')!), text(row.querySelector('.error')!)]]),
  );
}

/** Presses a key on the element that has focus inside the devtools (a keydown, as a keyboard gives). */
export function press(devtools: DataDevtools, key: string): void {
  const target = (devtools.shadowRoot!.activeElement as HTMLElement | null) ?? devtools;
  target.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true, composed: true, cancelable: true}));
}
