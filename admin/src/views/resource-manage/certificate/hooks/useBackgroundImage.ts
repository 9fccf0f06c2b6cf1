import { useEffect, useState } from 'react';
import { fetchCertificateBackground } from '../../../../api/certificate';

/**
 * An object URL of the stored background `key` (fetched with the session, as an `<img>` cannot send
 * it), or undefined while loading, without a key, or when it could not be read (the request client
 * has said why). The URL is revoked when the key changes or the component goes.
 */
export function useBackgroundImage(key: string | null): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    setUrl(undefined);
    if (!key) return;
    let live = true;
    let objectUrl: string | undefined;
    fetchCertificateBackground(key).then(
      (blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      () => undefined,
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [key]);
  return url;
}
