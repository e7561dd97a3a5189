import { BROWSER_STORAGE_KEYS } from '@platform/contracts';
import { readStored, writeStored } from '@platform/ui';

/** ref and utm_source from any landing URL are remembered for the first sign-in. */
export function rememberAttribution(search: string): void {
  const params = new URLSearchParams(search);
  const ref = params.get('ref');
  const utm = params.get('utm_source');
  if (ref) writeStored(BROWSER_STORAGE_KEYS.referral, ref);
  if (utm) writeStored(BROWSER_STORAGE_KEYS.utmSource, utm);
}

export function storedAttribution(): { ref?: string; utm_source?: string } {
  const ref = readStored<string | undefined>(BROWSER_STORAGE_KEYS.referral, undefined);
  const utm = readStored<string | undefined>(BROWSER_STORAGE_KEYS.utmSource, undefined);
  return { ...(ref ? { ref } : {}), ...(utm ? { utm_source: utm } : {}) };
}
