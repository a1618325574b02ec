// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { recordMessages } from '@sikka/contracts';
import { ApiError } from '@/lib/api-client.ts';
import { renderPerTest } from '@/testing/render.tsx';
import { RecordDetailPage } from './record-detail.tsx';

const ID = '5a0c2a52-2f1e-4a4e-9f57-3f2d1b7a9c01';

/** The parts of a query's state the page reads. */
function query(state: { data?: string; error?: unknown }, refetch = vi.fn()) {
  return {
    data: state.data,
    error: state.error ?? null,
    isError: state.error !== undefined,
    refetch,
  } as unknown as UseQueryResult<string>;
}

describe('a record’s page', () => {
  const view = renderPerTest();
  const show = (id: string | undefined, q: UseQueryResult<string>) =>
    view.render(
      <MemoryRouter>
        <RecordDetailPage kind="withdrawal" id={id} query={q}>
          {(data) => <p>record {data}</p>}
        </RecordDetailPage>
      </MemoryRouter>,
    );
  const text = () => view.container.textContent ?? '';

  it('shows the record, with the way back to the statement', () => {
    show(ID, query({ data: 'W1' }));
    expect(text()).toContain('record W1');
    expect(text()).toContain('Back to Transaction History');
  });

  it('says not found for a 404, whoever the record belongs to', () => {
    show(ID, query({ error: new ApiError(404, 'not_found', 'Not found') }));
    expect(text()).toContain(recordMessages.notFound('withdrawal'));
    expect(text()).toContain(recordMessages.notFoundHint('withdrawal'));
    expect(view.container.querySelector('[role="alert"]')).toBeNull();
  });

  it('says not found for an id that cannot name a record, whatever a query holds', () => {
    for (const id of [undefined, 'limits', `${ID}x`]) {
      show(id, query({ data: 'W1' }));
      expect(text()).toContain(recordMessages.notFound('withdrawal'));
      expect(text()).not.toContain('record W1');
    }
  });

  it('offers Retry when the fetch failed for another reason', () => {
    const refetch = vi.fn();
    show(ID, query({ error: new ApiError(0, 'network_error', 'offline', {}, false) }, refetch));
    const alert = view.container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain(recordMessages.fetchFailed('withdrawal'));
    expect(text()).not.toContain(recordMessages.notFound('withdrawal'));
    alert?.querySelector('button')?.click();
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows a loading placeholder meanwhile', () => {
    show(ID, query({}));
    expect(view.container.querySelector('[role="status"]')?.getAttribute('aria-label')).toBe(
      'Loading withdrawal',
    );
  });
});
