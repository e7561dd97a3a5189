import { REGIONS, type Region } from '@platform/contracts';

export const isRegionName = (value: string | undefined): value is Region => (REGIONS as readonly string[]).includes(value ?? '');
