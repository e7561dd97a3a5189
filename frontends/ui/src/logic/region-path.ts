import { REGIONS, type Region } from '@platform/contracts';

/** The region of an /app/{region}/… path, or the first region elsewhere. */
export function regionFromPath(pathname: string): Region {
  const match = /^\/app\/([a-z]+)(\/|$)/.exec(pathname);
  const region = match?.[1];
  return region && (REGIONS as readonly string[]).includes(region) ? (region as Region) : REGIONS[0];
}
