import { expect } from 'vitest';
import type { Locator } from 'playwright-core';

/**
 * Web-first assertions for vitest, as @playwright/test has them (we drive playwright-core,
 * which has no `expect`): each retries until the page shows what is expected or the timeout
 * passes, so a test waits like a person instead of sleeping or reading the page once.
 * Texts are compared on innerText, what the tests read before, exactly (no normalising).
 */

/** Playwright's default `expect` timeout; a long step passes its own `{ timeout }`. */
const DEFAULT_TIMEOUT_MS = 5000;
const POLL_MS = 50;

interface WaitOptions {
  timeout?: number;
}

declare module 'vitest' {
  // T is the value under test: a playwright-core Locator for these matchers.
  interface Assertion<T> {
    toBeVisible(options?: WaitOptions): Promise<T>;
    toBeHidden(options?: WaitOptions): Promise<T>;
    toHaveCount(count: number, options?: WaitOptions): Promise<T>;
    toHaveText(text: string | RegExp, options?: WaitOptions): Promise<T>;
    toContainText(text: string, options?: WaitOptions): Promise<T>;
    toBeEnabled(options?: WaitOptions): Promise<T>;
    toBeDisabled(options?: WaitOptions): Promise<T>;
    toHaveValue(value: string, options?: WaitOptions): Promise<T>;
  }
}

function isLocator(value: unknown): value is Locator {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<Locator>).isVisible === 'function' &&
    typeof (value as Partial<Locator>).innerText === 'function'
  );
}

/**
 * Reads `probe` until its `pass` is what the assertion wants (false under `.not`) or the time
 * is up; returns the last reading, whose `actual` goes into the failure message.
 */
async function retry<A>(
  wanted: boolean,
  timeout: number,
  probe: () => Promise<{ pass: boolean; actual: A }>,
): Promise<{ pass: boolean; actual: A }> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const reading = await probe();
    if (reading.pass === wanted || Date.now() >= deadline) return reading;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** innerText of the one element, or null while there is none (it may be about to render). */
async function textOf(locator: Locator): Promise<string | null> {
  return (await locator.count()) === 0 ? null : locator.innerText({ timeout: POLL_MS * 20 });
}

expect.extend({
  async toBeVisible(received: unknown, options: WaitOptions = {}) {
    if (!isLocator(received)) throw new TypeError('toBeVisible expects a Locator');
    const r = await retry(!this.isNot, options.timeout ?? DEFAULT_TIMEOUT_MS, async () => {
      const visible = await received.isVisible();
      return { pass: visible, actual: visible };
    });
    return {
      pass: r.pass,
      message: () => `expected ${String(received)} ${this.isNot ? 'not ' : ''}to be visible`,
    };
  },

  async toBeHidden(received: unknown, options: WaitOptions = {}) {
    if (!isLocator(received)) throw new TypeError('toBeHidden expects a Locator');
    const r = await retry(!this.isNot, options.timeout ?? DEFAULT_TIMEOUT_MS, async () => {
      const hidden = !(await received.isVisible());
      return { pass: hidden, actual: hidden };
    });
    return {
      pass: r.pass,
      message: () => `expected ${String(received)} ${this.isNot ? 'not ' : ''}to be hidden`,
    };
  },

  async toHaveCount(received: unknown, count: number, options: WaitOptions = {}) {
    if (!isLocator(received)) throw new TypeError('toHaveCount expects a Locator');
    const r = await retry(!this.isNot, options.timeout ?? DEFAULT_TIMEOUT_MS, async () => {
      const actual = await received.count();
      return { pass: actual === count, actual };
    });
    return {
      pass: r.pass,
      actual: r.actual,
      expected: count,
      message: () =>
        `expected ${String(received)} ${this.isNot ? 'not ' : ''}to match ${count} element(s), found ${r.actual}`,
    };
  },

  async toHaveText(received: unknown, text: string | RegExp, options: WaitOptions = {}) {
    if (!isLocator(received)) throw new TypeError('toHaveText expects a Locator');
    const r = await retry(!this.isNot, options.timeout ?? DEFAULT_TIMEOUT_MS, async () => {
      const actual = await textOf(received);
      const pass =
        actual !== null && (typeof text === 'string' ? actual === text : text.test(actual));
      return { pass, actual };
    });
    return {
      pass: r.pass,
      actual: r.actual,
      expected: text,
      message: () =>
        `expected ${String(received)} ${this.isNot ? 'not ' : ''}to have text ${String(text)}, got ${JSON.stringify(r.actual)}`,
    };
  },

  async toContainText(received: unknown, text: string, options: WaitOptions = {}) {
    if (!isLocator(received)) throw new TypeError('toContainText expects a Locator');
    const r = await retry(!this.isNot, options.timeout ?? DEFAULT_TIMEOUT_MS, async () => {
      const actual = await textOf(received);
      return { pass: actual !== null && actual.includes(text), actual };
    });
    return {
      pass: r.pass,
      actual: r.actual,
      expected: text,
      message: () =>
        `expected ${String(received)} ${this.isNot ? 'not ' : ''}to contain text ${JSON.stringify(text)}, got ${JSON.stringify(r.actual)}`,
    };
  },

  async toBeEnabled(received: unknown, options: WaitOptions = {}) {
    if (!isLocator(received)) throw new TypeError('toBeEnabled expects a Locator');
    const r = await retry(!this.isNot, options.timeout ?? DEFAULT_TIMEOUT_MS, async () => {
      const enabled = await received.isEnabled();
      return { pass: enabled, actual: enabled };
    });
    return {
      pass: r.pass,
      message: () => `expected ${String(received)} ${this.isNot ? 'not ' : ''}to be enabled`,
    };
  },

  /** The current value of an input, select or textarea. */
  async toHaveValue(received: unknown, value: string, options: WaitOptions = {}) {
    if (!isLocator(received)) throw new TypeError('toHaveValue expects a Locator');
    const r = await retry(!this.isNot, options.timeout ?? DEFAULT_TIMEOUT_MS, async () => {
      const actual =
        (await received.count()) === 0
          ? null
          : await received.inputValue({ timeout: POLL_MS * 20 });
      return { pass: actual === value, actual };
    });
    return {
      pass: r.pass,
      actual: r.actual,
      expected: value,
      message: () =>
        `expected ${String(received)} ${this.isNot ? 'not ' : ''}to have value ${JSON.stringify(value)}, got ${JSON.stringify(r.actual)}`,
    };
  },

  async toBeDisabled(received: unknown, options: WaitOptions = {}) {
    if (!isLocator(received)) throw new TypeError('toBeDisabled expects a Locator');
    const r = await retry(!this.isNot, options.timeout ?? DEFAULT_TIMEOUT_MS, async () => {
      const disabled = await received.isDisabled();
      return { pass: disabled, actual: disabled };
    });
    return {
      pass: r.pass,
      message: () => `expected ${String(received)} ${this.isNot ? 'not ' : ''}to be disabled`,
    };
  },
});
