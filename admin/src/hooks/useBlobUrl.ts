import { useEffect, useRef, useState } from 'react';

/** Where the loading of a file for an `<img>` stands. */
export interface BlobUrlState {
  /** An object URL of the file once loaded. */
  url: string | undefined;
  loading: boolean;
  /** The file could not be read (the request client has said why). */
  failed: boolean;
}

/**
 * An object URL of the file `fetchBlob(key)` answers (images the API serves to signed-in staff
 * only, which an `<img src>` cannot fetch with the session), loaded when `key` is set and again
 * when it changes; nothing for a null key. The URL is revoked when the key changes or the component
 * goes. `fetchBlob` is read at call time, so an inline arrow is fine.
 */
export function useBlobUrl<K>(key: K | null, fetchBlob: (key: K) => Promise<Blob>): BlobUrlState {
  const [state, setState] = useState<BlobUrlState>({ url: undefined, loading: key !== null, failed: false });
  const fetchRef = useRef(fetchBlob);
  fetchRef.current = fetchBlob;
  useEffect(() => {
    if (key === null) {
      setState({ url: undefined, loading: false, failed: false });
      return;
    }
    let live = true;
    let objectUrl: string | undefined;
    setState({ url: undefined, loading: true, failed: false });
    fetchRef.current(key).then(
      (blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url: objectUrl, loading: false, failed: false });
      },
      () => {
        if (live) setState({ url: undefined, loading: false, failed: true });
      },
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [key]);
  return state;
}
