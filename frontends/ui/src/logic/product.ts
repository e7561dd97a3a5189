/** Brand of the platform itself (agencies replace it on their own hosts). One place to rename. */
export const PRODUCT = {
  name: 'Agent Platform',
  supportEmail: 'support@agent-platform.example',
  docsUrl: 'https://docs.agent-platform.example',
  discordUrl: 'https://discord.gg/agent-platform',
  affiliatesUrl: 'https://affiliates.agent-platform.example',
  /** The one hosted site whose New Agent drawer offers the agent platform chooser ('vg' or 'vf'). */
  platformChooserHost: 'studio.agent-platform.example',
} as const;
