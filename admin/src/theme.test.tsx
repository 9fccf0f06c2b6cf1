import { theme } from 'antd';
import { antdSizeOf, themeConfigOf } from './theme';

describe('antdSizeOf', () => {
  it('maps default, medium, small and mini onto antd sizes', () => {
    expect(antdSizeOf('default')).toEqual({ componentSize: 'large', compact: false });
    expect(antdSizeOf('medium')).toEqual({ componentSize: 'middle', compact: false });
    expect(antdSizeOf('small')).toEqual({ componentSize: 'small', compact: false });
    expect(antdSizeOf('mini')).toEqual({ componentSize: 'small', compact: true });
  });
});

describe('themeConfigOf', () => {
  it('uses the colour as primary colour, and the compact algorithm for mini', () => {
    expect(themeConfigOf('#11a983', 'medium')).toEqual({
      token: { colorPrimary: '#11a983', colorInfo: '#11a983', colorLink: '#11a983' },
      algorithm: theme.defaultAlgorithm,
    });
    expect(themeConfigOf('#409EFF', 'mini').algorithm).toBe(theme.compactAlgorithm);
  });
});
