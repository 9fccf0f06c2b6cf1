import { isMenuGranted, type MenuUrl } from '@px/config';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { grantedUrlsAtom } from '../store/session';

/** What the signed-in role may open or call. */
export interface Access {
  /** Whether the role holds the page `url` (and so may open it and make the calls it grants). */
  can: (url: MenuUrl) => boolean;
}

/**
 * Button-level access, by the one rule the API and the route guard enforce (config `isMenuGranted`:
 * a page, visible or hidden, is granted only when the role's menu holds its exact URL). Screens hide
 * the buttons and links that lead to a page or a call the role lacks: `can('/unit-manage/detail')`.
 */
export function useAccess(): Access {
  const granted = useAtomValue(grantedUrlsAtom);
  return useMemo(() => ({ can: (url: MenuUrl) => isMenuGranted(granted, url) }), [granted]);
}
