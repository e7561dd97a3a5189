import { newDocumentId, type CustomTheme, type Region } from '@platform/contracts';
import { MAX_THEMES_PER_OWNER, newCustomThemeRecord, type CustomThemeRecord } from '../domain/themes';
import type { ThemeStore } from '../store/themes';

export type ThemeResult = { ok: true; theme: CustomThemeRecord } | { ok: false; problem: 'ownerMismatch' | 'tooMany' };

/** Custom colour themes of one owner (the caller's own workspace, granted by the route's access rule). */
export class ThemeUseCases {
  constructor(private readonly deps: { themes: ThemeStore; now: () => Date }) {}

  list(region: Region, ownerID: string): Promise<CustomThemeRecord[]> {
    return this.deps.themes.listForOwner(region, ownerID, MAX_THEMES_PER_OWNER);
  }

  async create(region: Region, ownerID: string, input: CustomTheme & { primary: string }): Promise<ThemeResult> {
    const record = newCustomThemeRecord(input, ownerID, newDocumentId(), this.deps.now());
    if (!record.ok) return record;
    if ((await this.deps.themes.countForOwner(region, ownerID)) >= MAX_THEMES_PER_OWNER) return { ok: false, problem: 'tooMany' };
    await this.deps.themes.insert(region, record.theme);
    return { ok: true, theme: record.theme };
  }
}
