import { isEmbedded } from './embedded';

describe('isEmbedded', () => {
  it('is false for a page that is its own top window', () => {
    expect(isEmbedded()).toBe(false);
  });
});
