import { bannerTarget } from './open-link';

describe('bannerTarget', () => {
  it('sends H5 paths through the router and https addresses to the window', () => {
    expect(bannerTarget('/detail-public?id=3')).toEqual({ kind: 'route', path: '/detail-public?id=3' });
    expect(bannerTarget('https://example.com/news')).toEqual({
      kind: 'external',
      url: 'https://example.com/news',
    });
  });

  it('ignores a missing link and anything else', () => {
    expect(bannerTarget(null)).toBeNull();
    expect(bannerTarget('')).toBeNull();
    expect(bannerTarget('//evil.example.com')).toBeNull();
    expect(bannerTarget('javascript:alert(1)')).toBeNull();
    expect(bannerTarget('http://example.com')).toBeNull();
  });
});
