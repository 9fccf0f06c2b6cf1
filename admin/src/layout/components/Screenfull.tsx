import FullscreenExitOutlined from '@ant-design/icons/FullscreenExitOutlined';
import FullscreenOutlined from '@ant-design/icons/FullscreenOutlined';
import { Button, message, Tooltip } from 'antd';
import { useEffect, useState } from 'react';

/** Text shown when the browser cannot go full screen (spec section 5). */
export const FULLSCREEN_UNSUPPORTED = '您的浏览器不支持全屏';

/** Whether the page is shown full screen. */
function isFullscreen(): boolean {
  return Boolean(document.fullscreenElement);
}

/** The full-screen switch of the top bar; warns when the browser cannot go full screen. */
export function Screenfull() {
  const [fullscreen, setFullscreen] = useState(isFullscreen);

  useEffect(() => {
    const update = () => setFullscreen(isFullscreen());
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);

  const toggle = () => {
    if (!document.fullscreenEnabled || typeof document.documentElement.requestFullscreen !== 'function') {
      void message.warning(FULLSCREEN_UNSUPPORTED);
      return;
    }
    const change = isFullscreen() ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    change.catch(() => void message.warning(FULLSCREEN_UNSUPPORTED));
  };

  const label = fullscreen ? '退出全屏' : '全屏';
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggle}
      />
    </Tooltip>
  );
}
