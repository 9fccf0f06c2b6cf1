import { useSearchParams } from 'react-router-dom';
import { readPositiveId } from '../utils/query-id';
import { type RecordView, useRecord } from './useRecord';

/** The record a create-or-edit page edits (see `useAddressRecord`). */
export interface AddressRecord<T> {
  /** The address's `?id=`; null when there is none (a new record) or it is malformed. */
  id: number | null;
  /** The address has an `?id=` that is not a positive id: the page says so instead of a form. */
  invalid: boolean;
  /** The record of `id`, or `null` for a new one (ready at once). */
  state: RecordView<T | null>;
}

/**
 * The record of a create-or-edit page from its address: `?id=12` loads record 12 with
 * `fetchRecord` (read at call time, so an inline arrow is fine); without an id the record is `null`
 * (a new one) at once. An `?id=` that is not a positive id is `invalid` (and loads nothing).
 * Never throws; a failed load is the state's `error`.
 */
export function useAddressRecord<T>(fetchRecord: (id: number) => T | Promise<T>): AddressRecord<T> {
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const id = readPositiveId(rawId);
  const state = useRecord<number | 'new', T | null>(id ?? 'new', (key) =>
    key === 'new' ? null : fetchRecord(key),
  );
  return { id, invalid: rawId !== null && id === null, state };
}
