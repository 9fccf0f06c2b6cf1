/**
 * The languages of a video's audio tracks (issue 32, `videoLanguage`): a file tags each audio
 * stream with an ISO 639-2 code (`chi`, `yue`, `eng`; MP4 and ffmpeg write these), the HLS master
 * playlist names a rendition by an RFC 5646 tag (`zh`, `yue`, `en`), and people read it in Chinese
 * (普通话, 粤语, 英语). The tag is what the API records on a video and sends to the players.
 */

/** The languages the product names, by tag: the name people read. */
export const AUDIO_LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  zh: '普通话',
  yue: '粤语',
  wuu: '吴语',
  nan: '闽南语',
  hak: '客家话',
  en: '英语',
  ja: '日语',
  ko: '韩语',
  fr: '法语',
  de: '德语',
  ru: '俄语',
  es: '西班牙语',
  bo: '藏语',
  ug: '维吾尔语',
  mn: '蒙古语',
  za: '壮语',
};

/** ISO 639-1 / 639-2 (both the B and the T code) / 639-3 codes of a file, by the tag they mean. */
const CODE_TAGS: Readonly<Record<string, string>> = {
  zh: 'zh',
  chi: 'zh',
  zho: 'zh',
  cmn: 'zh',
  yue: 'yue',
  wuu: 'wuu',
  nan: 'nan',
  hak: 'hak',
  en: 'en',
  eng: 'en',
  ja: 'ja',
  jpn: 'ja',
  ko: 'ko',
  kor: 'ko',
  fr: 'fr',
  fre: 'fr',
  fra: 'fr',
  de: 'de',
  ger: 'de',
  deu: 'de',
  ru: 'ru',
  rus: 'ru',
  es: 'es',
  spa: 'es',
  bo: 'bo',
  tib: 'bo',
  bod: 'bo',
  ug: 'ug',
  uig: 'ug',
  mn: 'mn',
  mon: 'mn',
  za: 'za',
  zha: 'za',
};

/** Codes that say no language: undetermined, no linguistic content, several, uncoded. */
const NO_LANGUAGE = new Set(['und', 'zxx', 'mul', 'mis']);

/**
 * The tag of a file's language code (`chi` → `zh`, `eng` → `en`; another well-formed code stays as
 * it is, lower-cased), or null when the code names no language (`und`, empty, malformed).
 */
export function audioLanguageTag(code: string | null | undefined): string | null {
  const lower = (code ?? '').trim().toLowerCase();
  if (!/^[a-z]{2,3}$/.test(lower) || NO_LANGUAGE.has(lower)) return null;
  return CODE_TAGS[lower] ?? lower;
}

/** The name people read for a tag (`zh` → 普通话); an unknown tag is shown as it is. */
export function audioLanguageName(tag: string): string {
  return AUDIO_LANGUAGE_NAMES[tag] ?? tag;
}
