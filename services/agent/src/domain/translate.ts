import ISO6391 from 'iso-639-1';

/*
 * Languages the AI translation can target (GET /translate): ISO 639-1 from the maintained
 * iso-639-1 package, not a hand list. `language` is the two-letter code, `name` the
 * English name.
 */

export interface TranslateLanguage {
  language: string;
  name: string;
}

let cached: TranslateLanguage[] | undefined;

/** Every ISO 639-1 language, sorted by English name (computed once). */
export function translateLanguages(): TranslateLanguage[] {
  cached ??= ISO6391.getAllCodes()
    .map((code) => ({ language: code, name: ISO6391.getName(code) }))
    .filter((entry) => entry.name !== '')
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return cached;
}
