/** Document collections the spec names, per regional database. */
export const COLLECTIONS = {
  workspaces: 'users',
  agents: 'voiceglow',
  agencies: 'agencies',
  /** sub-collection of an agency */
  dnsReminders: 'dns_reminders',
  clients: 'clients',
  organizations: 'orgs',
  /** sub-collections of an organisation, one per notification level */
  notificationsByLevel: { 1: 'notifications-1', 2: 'notifications-2' },
  metaPages: 'metaPages',
  telegramBots: 'telegramBots',
  whatsappNumbers: 'waNumbers',
  discordChannels: 'discordChannels',
  twilioNumbers: 'twilioNumbers',
} as const;
