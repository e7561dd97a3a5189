import type { HslTriple, Region } from '@platform/contracts';
import type { CollectionIndexes, RegionalMongo } from '@platform/kit';
import type { CustomThemeRecord } from '../domain/themes';

/** Custom colour themes, per region. */
export const THEMES_COLLECTION = 'customThemes';

export const THEMES_INDEXES: CollectionIndexes[] = [
  { collection: THEMES_COLLECTION, indexes: [{ key: { ownerID: 1, createdAt: -1 }, name: 'theme_owner_newest' }] },
];

/**
 * Stored shape: the palette as {h, s, l} objects, because FerretDB v1 refuses nested
 * arrays ("invalid value") and the API's HSL triples are arrays of arrays.
 */
type ThemeDocument = Omit<CustomThemeRecord, 'nineColorPallet'> & { _id: string; nineColorPallet: Array<{ h: number; s: number; l: number }> };

const toDocument = (record: CustomThemeRecord): ThemeDocument => ({
  _id: record.ID,
  ...record,
  nineColorPallet: record.nineColorPallet.map(([h, s, l]) => ({ h, s, l })),
});

const fromDocument = ({ _id, nineColorPallet, ...rest }: ThemeDocument): CustomThemeRecord => ({
  ...rest,
  nineColorPallet: nineColorPallet.map(({ h, s, l }): HslTriple => [h, s, l]),
});

export class ThemeStore {
  constructor(private readonly mongo: RegionalMongo) {}

  private themes(region: Region) {
    return this.mongo.collection<ThemeDocument>(region, THEMES_COLLECTION);
  }

  async insert(region: Region, record: CustomThemeRecord): Promise<void> {
    await this.themes(region).insertOne(toDocument(record));
  }

  countForOwner(region: Region, ownerID: string): Promise<number> {
    return this.themes(region).countDocuments({ ownerID });
  }

  /** The owner's themes, newest first. */
  async listForOwner(region: Region, ownerID: string, limit: number): Promise<CustomThemeRecord[]> {
    const docs = await this.themes(region).find({ ownerID }, { sort: { createdAt: -1, _id: 1 }, limit }).toArray();
    return docs.map(fromDocument);
  }
}
