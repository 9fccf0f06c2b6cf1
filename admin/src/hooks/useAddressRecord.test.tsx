import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { useAddressRecord } from './useAddressRecord';

/** Renders the hook at `address` with a fetcher that answers record `id` as `第{id}条`. */
function renderAt(address: string) {
  const fetchRecord = jest.fn((id: number) => Promise.resolve({ id, name: `第${id}条` }));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[address]}>{children}</MemoryRouter>
  );
  const view = renderHook(() => useAddressRecord(fetchRecord), { wrapper });
  return { ...view, fetchRecord };
}

describe('useAddressRecord', () => {
  it('loads the record of ?id=', async () => {
    const { result, fetchRecord } = renderAt('/edit?id=12');
    expect(result.current).toMatchObject({ id: 12, invalid: false, state: { status: 'loading' } });
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    expect(result.current.state).toMatchObject({ record: { id: 12, name: '第12条' } });
    expect(fetchRecord).toHaveBeenCalledWith(12);
  });

  it('gives a new record (null) at once without an id, fetching nothing', () => {
    const { result, fetchRecord } = renderAt('/edit');
    expect(result.current).toMatchObject({
      id: null,
      invalid: false,
      state: { status: 'ready', record: null },
    });
    expect(fetchRecord).not.toHaveBeenCalled();
  });

  it.each(['abc', '0', '-3', '1.5', ''])('calls ?id=%s invalid and fetches nothing', (raw) => {
    const { result, fetchRecord } = renderAt(`/edit?id=${raw}`);
    expect(result.current).toMatchObject({ id: null, invalid: true });
    expect(fetchRecord).not.toHaveBeenCalled();
  });
});
