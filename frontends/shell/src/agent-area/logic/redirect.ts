import { REGIONS, type Region } from '@platform/contracts';

/** The agent database names of the settings shape, read as data regions. */
const DATABASE_REGION: Record<string, Region> = { 'voiceglow-eu': 'eu', '(default)': 'na' };

const regionOf = (value: unknown): Region | undefined => {
  if (typeof value !== 'string') return undefined;
  const lower = value.toLowerCase();
  if ((REGIONS as readonly string[]).includes(lower)) return lower as Region;
  return DATABASE_REGION[value];
};

/** The region a 404 answer names (top level or under data), when it is a known one. */
export function regionFromMissingAgent(status: number | undefined, body: unknown): Region | undefined {
  if (status !== 404 || !body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const data = record.data && typeof record.data === 'object' ? (record.data as Record<string, unknown>) : {};
  return regionOf(record.region) ?? regionOf(data.region);
}

/**
 * Spec 4.7: an agent missing in the current region is looked for in the other one; when the
 * answer names that region the user goes there (same section and query), otherwise to /404.
 */
export function missingAgentRedirect(
  error: { status?: number; body?: unknown } | undefined,
  at: { region: Region; agentId: string; section: string; search?: string },
): string {
  const other = regionFromMissingAgent(error?.status, error?.body);
  if (!other || other === at.region) return '/404';
  return `/app/${other}/agents/${encodeURIComponent(at.agentId)}/${at.section}${at.search ?? ''}`;
}
