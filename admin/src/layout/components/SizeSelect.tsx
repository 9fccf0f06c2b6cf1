import FontSizeOutlined from '@ant-design/icons/FontSizeOutlined';
import { SIZES, type Size } from '@px/config';
import { Button, Dropdown, message, Tooltip } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import { setSizeAtom, sizeAtom } from '../../store/app';

/** The four global sizes as the menu names them. */
export const SIZE_LABELS: Record<Size, string> = {
  default: '默认',
  medium: '中等',
  small: '小型',
  mini: '迷你',
};

/** The global size switch of the top bar (remembered); the current size cannot be chosen again. */
export function SizeSelect() {
  const size = useAtomValue(sizeAtom);
  const setSize = useSetAtom(setSizeAtom);
  const items = SIZES.map((value) => ({ key: value, label: SIZE_LABELS[value], disabled: value === size }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectable: true,
        selectedKeys: [size],
        onClick: ({ key }) => {
          const chosen = SIZES.find((value) => value === key);
          if (!chosen || chosen === size) return;
          setSize(chosen);
          void message.success('切换尺寸成功');
        },
      }}
    >
      <Tooltip title="布局大小" placement="bottom">
        <Button type="text" aria-label="布局大小" icon={<FontSizeOutlined />} />
      </Tooltip>
    </Dropdown>
  );
}
