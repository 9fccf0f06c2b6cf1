import { audioLanguageName, audioLanguageTag } from './audio-language';

describe('audio languages', () => {
  it('reads the ISO 639 codes a file carries as tags, whatever their case', () => {
    expect(['chi', 'zho', 'cmn', 'ZH'].map(audioLanguageTag)).toEqual(['zh', 'zh', 'zh', 'zh']);
    expect(['yue', 'eng', 'ger', 'deu', 'tib'].map(audioLanguageTag)).toEqual([
      'yue',
      'en',
      'de',
      'de',
      'bo',
    ]);
    expect(audioLanguageTag(' por ')).toBe('por');
  });

  it('finds no language in und, empty or malformed codes', () => {
    for (const code of ['und', 'zxx', 'mul', '', null, undefined, 'english', 'e1g', 'a'])
      expect(audioLanguageTag(code)).toBeNull();
  });

  it('names the tags in Chinese, an unknown one as it is', () => {
    expect(['zh', 'yue', 'en'].map(audioLanguageName)).toEqual(['普通话', '粤语', '英语']);
    expect(audioLanguageName('por')).toBe('por');
  });
});
