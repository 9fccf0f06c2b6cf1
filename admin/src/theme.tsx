import type { Size } from '@px/config';
import { theme as antdTheme, ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useAtomValue } from 'jotai';
import { type ReactNode, useMemo } from 'react';
import { sizeAtom, themeColorAtom } from './store/app';

/** antd's component size for one of the shell's four sizes. */
export interface AntdSize {
  componentSize: 'large' | 'middle' | 'small';
  /** The compact algorithm: tighter paddings and line heights on top of `small`. */
  compact: boolean;
}

/**
 * Maps the shell's sizes (element-ui's default, medium, small, mini) onto antd's three:
 * default = large, medium = middle (antd's own default), small = small, mini = small with the
 * compact algorithm.
 */
export function antdSizeOf(size: Size): AntdSize {
  switch (size) {
    case 'default':
      return { componentSize: 'large', compact: false };
    case 'medium':
      return { componentSize: 'middle', compact: false };
    case 'small':
      return { componentSize: 'small', compact: false };
    case 'mini':
      return { componentSize: 'small', compact: true };
  }
}

/** The antd theme of a colour and size. */
export function themeConfigOf(colorPrimary: string, size: Size): ThemeConfig {
  const { compact } = antdSizeOf(size);
  return {
    token: { colorPrimary, colorInfo: colorPrimary, colorLink: colorPrimary },
    algorithm: compact ? antdTheme.compactAlgorithm : antdTheme.defaultAlgorithm,
  };
}

/**
 * antd in Chinese with the chosen theme colour and global size (spec section 1: size and theme
 * colour of the shell); wraps the app and the static message/modal holders.
 */
export function AppConfigProvider({ children }: { children: ReactNode }) {
  const colorPrimary = useAtomValue(themeColorAtom);
  const size = useAtomValue(sizeAtom);
  const theme = useMemo(() => themeConfigOf(colorPrimary, size), [colorPrimary, size]);
  return (
    <ConfigProvider locale={zhCN} theme={theme} componentSize={antdSizeOf(size).componentSize}>
      {children}
    </ConfigProvider>
  );
}
