import { translateLanguages } from '../src/domain/translate';

describe('translate languages (ISO 639-1, iso-639-1 package)', () => {
  it('lists every language as {language, name}, sorted by name', () => {
    const languages = translateLanguages();
    expect(languages.length).toBeGreaterThan(180);
    expect(languages).toContainEqual({ language: 'en', name: 'English' });
    expect(languages).toContainEqual({ language: 'de', name: 'German' });
    expect(languages).toContainEqual({ language: 'ar', name: 'Arabic' });
    expect(languages.every((l) => /^[a-z]{2}$/.test(l.language) && l.name.length > 0)).toBe(true);
    expect(new Set(languages.map((l) => l.language)).size).toBe(languages.length);
    const names = languages.map((l) => l.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
