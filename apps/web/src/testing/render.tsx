import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

declare global {
  // React warns about updates outside act() unless the environment says it is a test.
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

export interface TestRoot {
  /** The element the tree renders into, attached to document.body. */
  readonly container: HTMLElement;
  /** Renders (or re-renders) the tree inside act(), so effects have run when it returns. */
  render(node: ReactNode): void;
}

/**
 * The one way component tests (happy-dom) render: call it inside a describe; each test gets
 * a fresh root in a fresh container, unmounted and removed after it.
 */
export function renderPerTest(): TestRoot {
  let root: Root | undefined;
  let container: HTMLElement | undefined;
  beforeEach(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root?.unmount());
    container?.remove();
  });
  return {
    get container() {
      if (!container) throw new Error('renderPerTest: used outside a test');
      return container;
    },
    render(node) {
      if (!root) throw new Error('renderPerTest: used outside a test');
      act(() => root?.render(node));
    },
  };
}
