import { isMobileWidth } from './useResizeHandler';

describe('isMobileWidth', () => {
  it('treats windows narrower than 992 px as mobile', () => {
    expect(isMobileWidth(375)).toBe(true);
    expect(isMobileWidth(991)).toBe(true);
    expect(isMobileWidth(992)).toBe(false);
    expect(isMobileWidth(1920)).toBe(false);
  });
});
