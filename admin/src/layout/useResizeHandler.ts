import { MOBILE_BREAKPOINT_PX } from '@px/config';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { deviceAtom, mobileDrawerOpenAtom } from '../store/app';

/** Whether a window this wide is a mobile device (spec section 2: narrower than 992 px). */
export function isMobileWidth(width: number): boolean {
  return width < MOBILE_BREAKPOINT_PX;
}

/**
 * Keeps the device type in step with the window (vue-element-admin's ResizeHandler): under 992 px
 * the device is mobile and the sidebar becomes a closed drawer; the drawer closes on navigation.
 */
export function useResizeHandler(): void {
  const setDevice = useSetAtom(deviceAtom);
  const setDrawerOpen = useSetAtom(mobileDrawerOpenAtom);
  const { pathname } = useLocation();

  useEffect(() => {
    const update = () => {
      if (document.hidden) return;
      const mobile = isMobileWidth(window.innerWidth);
      setDevice(mobile ? 'mobile' : 'desktop');
      if (mobile) setDrawerOpen(false);
    };
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [setDevice, setDrawerOpen]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the drawer because the path changed
  useEffect(() => {
    setDrawerOpen(false);
  }, [pathname, setDrawerOpen]);
}
