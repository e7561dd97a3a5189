/** Steps of the Agent Wizard, in order; Back moves one step, from company-info it leaves. */
export const WIZARD_STEPS = ['company-info', 'branding', 'success'] as const;
/** States of an agency's custom domain or subdomain. */
export const DOMAIN_STATES = ['not verified', 'verified', 'live'] as const;
export const UPLOAD_STATES = ['idle', 'uploading', 'uploaded'] as const;
/** States of the payment modal, in order of a successful run. */
export const PAYMENT_MODAL_STATES = ['loading', 'form', 'creating', 'confirming', 'success', 'error'] as const;

/**
 * Browser storage keys shared by the shell and the remotes. The spec lists what is stored,
 * not the key names; these are ours.
 */
export const BROWSER_STORAGE_KEYS = {
  userId: 'platform.userId',
  userData: 'platform.userData',
  referral: 'platform.ref',
  utmSource: 'platform.utm_source',
  sessionToken: 'platform.sessionToken',
  selectedWorkspace: 'platform.selectedWorkspace',
  bucket: 'platform.bucket',
  tutorialDismissedPrefix: 'platform.tutorialDismissed.',
  temporaryMetaUser: 'platform.tempMetaUser',
  agentVisibleTabs: 'agentVisibleTabs',
  agentHiddenTabs: 'agentHiddenTabs',
  debugger: 'platform.showDebugger',
  onboardingState: 'platform.onboardingState',
  onboardingCompleted: 'platform.onboardingCompleted',
  publishHintDismissed: 'platform.publishHintDismissed',
  sideNavGroups: 'platform.sideNavGroups',
  /** The invitation link opened before signing in; posted once the e-mail is known (4.5). */
  pendingInvitation: 'platform.pendingInvitation',
} as const;
