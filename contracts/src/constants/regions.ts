/** The two data regions, each with its own database. */
export const REGIONS = ['eu', 'na'] as const;
export type Region = (typeof REGIONS)[number];

/** Values of the agent settings `region` field (the agent document's database). */
export const AGENT_DATABASE_REGIONS = ['voiceglow-eu', '(default)'] as const;
export type AgentDatabaseRegion = (typeof AGENT_DATABASE_REGIONS)[number];

/** The 27 EU member countries (ISO 3166-1 alpha-2). */
export const EU_COUNTRY_CODES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE',
  'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
] as const;

/** Payment regions; a workspace with useMultipleStripes gets the connected account of its region. */
export const PAYMENT_REGIONS = ['US', 'GB', 'NZ', 'AU', 'EU'] as const;
export type PaymentRegion = (typeof PAYMENT_REGIONS)[number];

/** Regions never chosen for useMultipleStripes workspaces. */
export const MULTI_STRIPE_EXCLUDED_REGIONS: readonly PaymentRegion[] = ['AU'];
