import { shownBaseTypes } from './class-types';
import { resolveProjectSettings } from './settings';

describe('shownBaseTypes', () => {
  const shown = (input: unknown) => shownBaseTypes(resolveProjectSettings(input));

  it('follows h5Config.showClassType in its order, without repeats and the hidden base types', () => {
    expect(shown({})).toEqual(['public', 'specialized']);
    expect(shown({ h5Config: { showClassType: ['specialized', 'public'] } })).toEqual([
      'specialized',
      'public',
    ]);
    expect(shown({ h5Config: { showClassType: ['public', 'public'] } })).toEqual(['public']);
    expect(shown({ hidePublicType: 1 })).toEqual(['specialized']);
    expect(shown({ hidePublicType: 1, hideSpecializedType: 1 })).toEqual([]);
    expect(shown({ h5Config: { showClassType: ['public'] } })).toEqual(['public']);
  });
});
