// @vitest-environment happy-dom
import { act, Component, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPerTest } from '@/testing/render.tsx';
import { deferred } from './deferred.tsx';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** Stands in for the router's error page: whatever reaches it is shown as 'page down'. */
class Outer extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>page down: {String(this.state.error)}</p> : this.props.children;
  }
}

const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('deferred parts', () => {
  const view = renderPerTest();
  let retry: (() => void) | undefined;
  beforeEach(() => {
    retry = undefined;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const render = (node: ReactNode) => view.render(<Outer>{node}</Outer>);
  const failed = (r: () => void) => {
    retry = r;
    return <p>could not load</p>;
  };

  it('shows the fallback, then the part with its props', async () => {
    let resolve!: (m: { default: typeof Greeting }) => void;
    const Part = deferred(() => new Promise<{ default: typeof Greeting }>((r) => (resolve = r)));
    await render(<Part name="Asha" fallback={<p>loading</p>} failed={failed} />);
    expect(view.container.textContent).toBe('loading');
    resolve({ default: Greeting });
    await flush();
    expect(view.container.textContent).toBe('Hello Asha');
  });

  it('a failed download shows `failed`, not the error page, and a retry downloads again', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Greeting });
    const Part = deferred(load);
    await render(
      <>
        <p>footer</p>
        <Part name="Ravi" failed={failed} />
      </>,
    );
    await flush();
    expect(view.container.textContent).toBe('footercould not load');
    expect(load).toHaveBeenCalledTimes(1);

    await act(() => retry?.());
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    expect(view.container.textContent).toBe('footerHello Ravi');
  });

  it('shows nothing by default when the download fails', async () => {
    const Part = deferred<{ name: string }>(() => Promise.reject(new Error('offline')));
    await render(
      <>
        <p>footer</p>
        <Part name="x" />
      </>,
    );
    await flush();
    expect(view.container.textContent).toBe('footer');
  });

  it('an error inside the loaded part still reaches the error page', async () => {
    function Broken(): ReactNode {
      throw new Error('bug in the part');
    }
    const Part = deferred<object>(() => Promise.resolve({ default: Broken }));
    await render(<Part failed={failed} />);
    await flush();
    expect(view.container.textContent).toBe('page down: Error: bug in the part');
    expect(retry).toBeUndefined();
  });
});
