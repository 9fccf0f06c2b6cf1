import BgColorsOutlined from '@ant-design/icons/BgColorsOutlined';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import { THEME_COLORS } from '@px/config';
import { Button, message, Popover, Tooltip } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { setThemeColorAtom, themeColorAtom } from '../../store/app';

/** The theme colour picker of the top bar: the eight predefined colours (remembered). */
export function ThemePicker() {
  const current = useAtomValue(themeColorAtom);
  const setThemeColor = useSetAtom(setThemeColorAtom);
  const [open, setOpen] = useState(false);

  const swatches = (
    <div className="theme-picker" role="listbox" aria-label="主题色">
      {THEME_COLORS.map((color) => (
        <button
          key={color}
          type="button"
          role="option"
          aria-selected={color === current}
          aria-label={color}
          title={color}
          className="theme-picker__swatch"
          style={{ background: color }}
          onClick={() => {
            setOpen(false);
            if (setThemeColor(color)) void message.success('换肤成功');
          }}
        >
          {color === current && <CheckOutlined />}
        </button>
      ))}
    </div>
  );

  return (
    <Popover content={swatches} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight">
      <Tooltip title="主题色" placement="bottom">
        <Button type="text" aria-label="主题色" icon={<BgColorsOutlined style={{ color: current }} />} />
      </Tooltip>
    </Popover>
  );
}
