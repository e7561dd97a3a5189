/** Channels shown on the channels screen; googleBusiness (deprecated) and email (coming soon) are disabled. */
export const CHANNEL_TYPES = ['whatsapp', 'instagram', 'messenger', 'discord', 'telegram', 'googleBusiness', 'email'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];
export const DISABLED_CHANNEL_TYPES: readonly ChannelType[] = ['googleBusiness', 'email'];
/** Channels an agent can be connected to, i.e. that can appear in a new-channel-connection event. */
export const CONNECTABLE_CHANNEL_TYPES = ['whatsapp', 'instagram', 'messenger', 'discord', 'telegram'] as const;
export type ConnectableChannelType = (typeof CONNECTABLE_CHANNEL_TYPES)[number];

export const CHANNEL_CARD_STATUSES = ['Active', 'Coming Soon'] as const;
export const WHATSAPP_NUMBER_STATUSES = ['CONNECTED', 'PENDING'] as const;
export const WHATSAPP_EMBEDDED_SIGNUP = { event: 'WA_EMBEDDED_SIGNUP', outcomes: ['FINISH', 'CANCEL', 'ERROR'] } as const;

/** Graph API and login SDK version. */
export const META_GRAPH_API_VERSION = 'v18.0';

/** Meta's set-up guides the Instagram and WhatsApp documentation banners link to (not for agency users). */
export const META_GUIDES = {
  whatsapp: 'https://developers.facebook.com/docs/whatsapp/embedded-signup',
  instagram: 'https://developers.facebook.com/docs/instagram-platform/instagram-api-with-facebook-login',
} as const;

export const MESSAGE_TEMPLATE_CATEGORIES = ['UTILITY', 'MARKETING', 'AUTHENTICATION'] as const;
export const DEFAULT_MESSAGE_TEMPLATE_CATEGORY = 'UTILITY';

export const UPLOAD = {
  /** "maxSizeMB times 1,000,000 bytes" */
  bytesPerMB: 1_000_000,
  cacheControl: 'public, max-age=31536000',
  /** Not in the spec: one upload at most 20 MB, so a base64 payload of at most 26,666,668 characters. */
  maxBytes: 20_000_000,
  /** JSON body limit of an upload request: the base64 of maxBytes plus the other fields. */
  requestBodyLimit: '28mb',
  /** The upload procedure's path behind the gateway, the one route that needs that limit. */
  procedurePath: '/procedures/uploadFile',
  /** 0.5 MB; png, jpg, jpeg, gif, webp */
  onboardingLogoMaxMB: 0.5,
  onboardingLogoFormats: ['png', 'jpg', 'jpeg', 'gif', 'webp'],
  tabIconMaxMB: 1,
  /** Agency logos are square PNGs of 256x256, the favicon a PNG of 32x32. */
  agencyLogoPx: 256,
  faviconPx: 32,
} as const;

/** Longest base64 text of an upload of UPLOAD.maxBytes bytes. */
export const UPLOAD_BASE64_MAX_CHARS = Math.ceil(UPLOAD.maxBytes / 3) * 4;

/** Custom-domain DNS setup: apex '@' uses A, any other host a CNAME; values come from the domain provider. */
export const DOMAIN_DNS = {
  apexHost: '@',
  apexRecordType: 'A',
  subdomainRecordType: 'CNAME',
  ttl: 'Auto',
  propagationHours: { min: 24, max: 48 },
  pollIntervalMs: 5000,
  /** The e-mail domain's MX record priority shown. */
  mxPriority: 10,
} as const;

/** Webhook paths on the agent API that channel providers call; WhatsApp's verify token is the agent id. */
export const CHANNEL_WEBHOOK_PATHS = {
  telegram: (agentId: string) => `/v2/agents/${agentId}/telegram-webhook`,
  whatsapp: (agentId: string) => `/agents/${agentId}/wa-webhook`,
  googleBusiness: (agentId: string) => `/agents/${agentId}/gc-webhook`,
} as const;

/** Where Meta delivers a WhatsApp number's messages: the agent API of the region (verify token: the agent id). */
export const whatsappWebhookUrl = (publicApiUrl: string, region: string, agentId: string) => `${publicApiUrl}/${region}/agent${CHANNEL_WEBHOOK_PATHS.whatsapp(agentId)}`;

export const DOMAIN_TYPES = ['vgSubdomain', 'customDomain'] as const;
export const EMAIL_DOMAIN_STATUSES = ['not_started', 'pending', 'verified'] as const;
export type EmailDomainStatus = (typeof EMAIL_DOMAIN_STATUSES)[number];

export const ALERT_TYPES = ['default', 'info', 'warning', 'error', 'success'] as const;
export const AI_CSS_MESSAGE_ROLES = ['user', 'assistant'] as const;
