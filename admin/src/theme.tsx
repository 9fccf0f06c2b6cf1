import { DEFAULT_THEME_COLOR } from '@px/config';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';

const theme = { token: { colorPrimary: DEFAULT_THEME_COLOR } };

/** antd in Chinese with the default theme colour; wraps the app and the static message/modal holders. */
export function AppConfigProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      {children}
    </ConfigProvider>
  );
}
