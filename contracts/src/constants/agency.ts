export const THEME_VARIANTS = ['default', 'bordered', 'faded', 'flat'] as const;
export const THEME_COLOR_USAGES = ['plain', 'colorful', 'gradient'] as const;
export const CUSTOM_TAB_PAGE_TYPES = ['html', 'iframe'] as const;

/** Branding text of a new agency; also how duplicate, never-edited default agencies are recognised. */
export const DEFAULT_AGENCY_BRANDING_TEXT =
  '## Welcome to your AI agent dashboard\n\nManage your agents, review conversations and track results in one place.';

/** A new agency ("a default logo" is an asset the shell serves at this path). */
export const AGENCY_DEFAULTS = {
  name: 'Your Awesome Agency',
  squarePhotoURL: '/assets/agency-default-logo.png',
  brandingText: DEFAULT_AGENCY_BRANDING_TEXT,
  themeVariant: 'default',
  themeColorUsage: 'plain',
  googleFont: 'Rubik',
} as const;

export const FONTS = {
  /** Default font of the agency preview. */
  previewDefault: 'DM Sans',
  newAgencyDefault: 'Rubik',
  /** Always accepted without asking the fonts service. */
  inherit: 'inherit',
  weights: [400, 500, 700],
} as const;

/** userId given to retired duplicate default agencies. */
export const retiredAgencyUserId = (uid: string) => `deleted-${uid}`;

export const WHITELABEL = {
  trialDays: 14,
  addonUsdPerMonth: 50,
  /** Upgrade via the pay-as-you-go plan with the addon. */
  upgradeUsdPerMonth: 70,
  addonOffer: 'Get Whitelabel Addon - ($50/month)',
  upgradeOffer: 'Upgrade Plan - ($70/month)',
  trialOffer: 'Start Trial',
  trialOfferDetail: 'Try white label features free for 14 days',
  unavailableTooltip: 'This feature is available in whitelabel addon only',
  /** The sidebar while the trial runs (not in the spec's words). */
  trialRunning: 'White label trial',
  trialDaysLeft: (days: number) => `${days} ${days === 1 ? 'day' : 'days'} left`,
  trialManage: 'Set up your agency',
} as const;

export const NOTIFY_THROUGH = ['email', 'push', 'all', 'none'] as const;
export const NOTIFY_IF = ['all', 'requestsOnly', 'none'] as const;
/** How the notification options read in the client drawer and the notification panel's settings (not in the spec's words). */
export const NOTIFY_THROUGH_LABELS: Record<(typeof NOTIFY_THROUGH)[number], string> = { email: 'Email', push: 'Push', all: 'All', none: 'None' };
export const NOTIFY_IF_LABELS: Record<(typeof NOTIFY_IF)[number], string> = { all: 'All', requestsOnly: 'Requests only', none: 'None' };
export const CLIENT_STATUSES = ['online', 'offline'] as const;
export const DASHBOARD_LAYOUTS = ['vertical', 'horizontal'] as const;
export const NOTIFICATION_LEVELS = [1, 2] as const;

/** Pages a new client may open. */
export const DEFAULT_CLIENT_ACCESS = ['/home', '/convos', '/analytics', '/leads', '/campaigns'] as const;
/** Pages of an agency admin who signs in with the agency secret. */
export const AGENCY_ADMIN_CLIENT_PAGES = ['home', 'leads', 'convos', 'settings', 'analytics'] as const;

export const CLIENT_DEFAULTS = {
  notifyThrough: 'all',
  notifyIf: 'requestsOnly',
  preferredLanguage: 'en',
  /** Status written on every client save. */
  statusOnSave: 'offline',
} as const;

export const ORGANIZATION_DEFAULTS = {
  name: 'New Organization',
  dashboardLayout: 'vertical',
  disableClientAccessMessage: 'Access is currently disabled. Pleas contact your provider!',
} as const;

/** Personalised message for disabled client access: maximum 1024 characters. */
export const DISABLE_CLIENT_ACCESS_MESSAGE_MAX = 1024;

export const NOTIFICATION_RULES = {
  popupSeconds: 5,
  ignoreOlderThanSeconds: 180,
  recentUnderSeconds: 60,
  queryLimitPerLevel: 5,
  /** Level 2 plays its sound twice, 2 s apart. */
  level2SoundRepeats: 2,
  level2SoundGapMs: 2000,
  collections: ['notifications-1', 'notifications-2'],
} as const;
