/**
 * Validation and server-answer texts of the spec, word for word. Schemas attach them with
 * joi `.messages()`; services return the server-side ones (uniqueness, balances, seats).
 */
export const MESSAGES = {
  workspace: {
    nameRequired: 'Please enter a workspace name.',
    inviteEmailInvalid: 'Please enter a valid email',
    inviteSelf: "You can't invite yourself lol",
    seatLimitReached: 'You have reached the maximum number of seats',
    joinWithoutSeats: 'Failed to add user to workspace, workspace does not have enough seats.',
    cannotRemoveSelf: 'You cannot remove yourself from the workspace.',
    notFound: 'Workspace not found.',
    /** The spec's notice; the workspace service answers it too when the mail server refuses. */
    inviteFailed: (email: string) => `Failed to invite ${email}`,
  },
  agent: {
    nameRequired: 'Please provide a name for the agent.',
    loginRequired: 'You must be logged in to create an agent',
    maxChunkSizeTooSmall: 'Max chunk size must be greater than 1000',
  },
  agency: {
    customDomainRequired: 'Please enter a custom domain',
    subdomainRequired: (host: string) => `Please input a subdomain: "${host}"`,
    domainOnAnotherAccount: 'This domain already exists on another account.',
    subdomainTaken: 'This domain already exists. Please try another one.',
    emailDomainAlreadyAdded: 'This domain is already added.',
    tabHrefNeedsSlash: 'URL must include a leading slash (/)',
    tabHrefReserved: 'This URL is reserved for a default tab',
    tabHrefDuplicate: 'This URL is already used by another tab',
    /** Not in the spec: an iframe tab whose page is not https (ADR 0027). */
    tabPageNotFramed: "This tab's page must be an https address.",
    invalidFont: 'This font name is not a valid one, please double check font name.',
  },
  clients: {
    loginFieldsRequired: 'Please enter your email and password.',
    unknownEmail: "This email doesn't exist.",
    wrongPassword: 'Password is incorrect please try again.',
    fieldsRequired: 'Please fill out all fields.',
    existsInOtherOrg: (orgId: string) => `Client already exists to org: ${orgId}`,
    notAdmin: 'You are not an admin',
    organizationNameRequired: 'Organization name is required.',
    organizationIdMissing: 'Organization ID is missing. Please try again or contact support.',
    transferAmountInvalid: 'Please enter a valid amount to transfer.',
    notEnoughCreditsInWorkspace: 'Not enough credits in workspace.',
    notEnoughCreditsInOrg: 'Not enough credits in org.',
    creditsTransferred: 'Credits transferred successfully!',
    transferWorkspaceNotFound: 'Workspace not found. Please refresh and try again.',
    transferFailed: 'Failed to transfer credits. Please try again.',
  },
  onboarding: {
    companyNameRequired: 'Company name is required',
    companyWebsiteRequired: 'Company website is required',
    companyWebsiteInvalid: 'Please enter a valid website URL or domain',
    companyDescriptionRequired: 'Please tell us what your company does',
    companyDescriptionTooShort: 'Please provide at least 10 characters',
  },
  /** Not in the spec's words: the browser test call (Try Voice, Voice > Test Call). */
  voiceCall: {
    unsupported: 'Voice calls need a browser with speech recognition and speech synthesis, such as Chrome, Edge or Safari.',
    microphoneBlocked: 'Allow this page to use the microphone to talk to your agent.',
    recognitionUnreachable: "This browser's speech recognition is not reachable right now. Please try again.",
    recognitionStopped: (reason: string) => `Speech recognition stopped (${reason}).`,
    noAnswer: 'The agent could not answer.',
  },
  channels: {
    discordFieldsRequired: 'Please fill out all fields.',
    telegramTokenInvalid: 'Please provide a valid token.',
    googleBusinessFieldsRequired: 'Please fill in the required fields.',
    dnsEmailFieldInvalid: 'Please enter a valid email address',
    dnsEmailRecipientInvalid: 'Please enter a valid recipient email.',
    whatsappTestPhoneAndIdRequired: 'Please provide a valid phone number and ensure the ID is reachable.',
    whatsappTestCountryCode: 'Please include the country code in the phone number.',
    whatsappTestMessageRequired: 'Please enter a message to send.',
    messageTemplateInvalid: 'Invalid template info',
    uploadTooLarge: (maxSizeMB: number) => `Max size: ${maxSizeMB} MBs`,
    uploadWrongType: (accept: string) => `Only ${accept} Files`,
    telegramSaved: 'Telegram channel saved successfully',
    /** WhatsApp's Legacy Method: its fields saved on the agent (POST /v2/agents/{id}). */
    whatsappSaved: 'Whatsapp channel saved successfully',
    errorOccurred: (error: string) => `Error occurred: ${error}`,
    telegramWebhookFailed: (description: string) => `Failed to set webhook: ${description}`,
    /** Not in the spec's words: the Discord form's success and a removal's. */
    discordSaved: 'Discord channel saved successfully',
    channelRemoved: 'Channel removed successfully',
    /** Not in the spec's words: an inbound webhook without the provider's valid signature or secret token. */
    webhookSignatureInvalid: 'Invalid webhook signature',
    /** Not in the spec's words: Meta's handshake with a verify token that is not the agent id. */
    webhookVerificationFailed: 'Verification failed',
    /** Not in the spec's words: the message could not be queued, so the provider should retry. */
    webhookNotQueued: 'The message could not be queued, please retry.',
    unexpectedError: 'An unexpected error occurred',
    numberConnected: 'Number is connected successfully',
    numberRemoved: 'Number removed successfully',
    metaTokenExchangeFailed: 'Failed to exchange Meta token',
    connectedAccountsFetchFailed: 'Failed to fetch connected accounts',
    numberRemoveFailed: 'Failed to remove number',
    connectionFailed: 'Connection failed',
    numberDetailsFetchFailed: 'Failed to fetch number details',
    numberConnectFailed: (number: string, reason: string) => `Failed to connect ${number}: ${reason}`,
    testMessageFailed: (phone: string, reason: string) => `Failed to send message to ${phone}: ${reason}`,
    networkError: 'Network error occurred',
    pageConnected: 'Successfully connected the page.',
    pageConnectFailed: (message: string) => `Failed to connect the page. ${message}`,
    pageRemoved: 'Successfully removed the page.',
    pageRemoveFailed: 'Failed to remove the page.',
    /** Not in the spec's words: the test message went out. */
    testMessageSent: 'Message sent successfully',
  },
  /** The CSS editor's AI style assistant (POST /api/ai-css-generator and its notices). */
  cssAssistant: {
    generationFailed: 'Failed to generate CSS. Please try again.',
    /** Not in the spec's words: the apology the chat shows beside generationFailed. */
    generationFailedChatReply: "Sorry, I couldn't generate CSS for that. Please try again.",
    noCssGenerated: 'Generated response but no CSS code found...',
    noCssInMessage: 'No CSS code found in this message',
    generatedAndInserted: 'CSS generated and inserted successfully!',
    insertedManually: 'CSS inserted manually!',
    chatReset: 'Chat conversation reset!',
  },
  billing: {
    topUpMinimum: 'Minimum amount',
    autoRechargeOnFreePlan: 'You are on the free plan. You cannot enable auto-recharge.',
    autochargeSaved: 'Autocharge settings saved!',
    addressIncomplete: 'Please complete all required address fields',
    /** Not in the spec: upsert-payment-method's stripeAccountId is not the account billing chose for the workspace. */
    stripeAccountMismatch: "This card was made on another Stripe account than this workspace's. Reload the page and enter it again.",
    discountCodeRequired: 'Please enter a discount code',
    discountCodeInvalid: 'Invalid discount code',
    addonsNeedSubscription: 'You need an active subscription to add addons',
    planNeedsFeature: 'Each plan must have at least one feature',
    planFeatureNeedsText: 'Each plan must have at least one feature with text',
    planFeaturesMax: 'Maximum of 5 features allowed',
    extraUsdPerCreditInvalid: 'Please enter a valid number',
    workspaceNotFound: 'Workspace not found',
    planNotFound: 'Error: Plan not found',
    accountConnected: 'Account Connected',
    billingSettingsSaved: 'Billing settings saved.',
    plansSaved: 'Plans saved successfully',
    plansSaveFailed: 'Failed to save plans',
    plansSaveFailedBecause: (reason: string) => `Failed to save plans: ${reason}`,
    plansNeedSettings: 'Please complete steps 1 and 2 & click save billing settings before setting up subscription plans',
    maxFeaturesButton: 'Maximum Features Reached (5)',
    clientPaymentMethodUpdated: 'Payment method updated successfully',
    creditsPurchased: 'Credits purchased successfully',
    creditsPurchaseFailed: 'Failed to purchase credits',
    clientAutoRechargeSaved: (amount: number, threshold: number) => `Auto-recharge settings updated successfully. Will charge $${amount} when credits drop below ${threshold}.`,
    clientAutoRechargeDisabled: 'Auto-recharge disabled.',
    clientAutoRechargeFailed: 'Failed to update auto-recharge settings.',
    subscriptionSessionFailed: 'Failed to create subscription session',
    clientSubscriptionFailed: 'Failed to create subscription',
    clientSubscriptionCanceled: 'Subscription successfully canceled',
    clientSubscriptionCancelFailed: 'Failed to cancel subscription',
    connectError: (message: string) => `Error: ${message}`,
    /** Not in the spec's words: Connect Account once an account exists, and calls before it. */
    connectAccountExists: 'This workspace already has a connected Stripe account.',
    connectAccountMissing: 'Connect a Stripe account first (Auto Billing, step 1).',
    clientNeedsPaymentMethod: 'Please add a payment method first.',
    organizationBillingDisabled: 'Billing is not enabled for this organization.',
  },
} as const;

/** Answers about a request body as a whole, before any route reads it (the kit's body readers, the gateway). */
export const REQUEST_MESSAGES = {
  invalidJson: 'Request body is not valid JSON',
  tooLarge: 'Request body is too large',
  /** The store refuses arrays directly inside arrays (FerretDB), so no route accepts them. */
  nestedArrays: 'Request body must not contain arrays directly inside arrays.',
  tooDeep: 'Request body is nested too deeply.',
} as const;

/** Refusals every service answers alike (not in the spec's words). */
export const ACCESS_MESSAGES = {
  workspaceNoAccess: 'You do not have access to this workspace.',
  agentNoAccess: 'You do not have access to this agent.',
  gatewayOnly: 'Only the gateway may verify credentials.',
  unknownCredential: 'Unknown credential',
} as const;

/** What the agent runtime answers instead of the model (widget, test chat and channels alike). */
export const RUNTIME_MESSAGES = {
  /** The workspace's loadTokens are used up; shown in the widget and sent on channels. */
  noCredits: 'This agent is out of credits, so it cannot answer right now. Please contact its owner.',
  /** messagesLimit reached in this conversation. */
  messagesLimitReached: 'This conversation has reached its message limit.',
  /** maxTokensUsage reached by the agent. */
  tokensLimitReached: 'This agent has reached its usage limit, so it cannot answer right now.',
  /** The model failed or timed out. */
  answerFailed: 'The agent could not answer right now, please try again.',
  /** Too many widget messages from this visitor or to this agent. */
  tooManyMessages: 'Too many messages, please wait a moment and try again.',
  conversationNotFound: 'Conversation not found',
};

/** Billing answers the spec does not word (ours), beside MESSAGES.billing (the spec's). */
export const BILLING_API_MESSAGES = {
  topUpFailed: 'Failed to top up balance',
  toppedUp: 'Successfully topped up balance',
  topUpNeedsPlan: 'You are on the free plan. Upgrade to Pay as you go to top up your balance.',
  needsPaymentMethod: 'Please add a payment method first.',
  paymentFailedWithStatus: (status: string) => `Payment failed with status: ${status}`,
  subscriptionCancelled: 'Subscription cancelled successfully',
  subscriptionReactivated: 'Subscription reactivated successfully',
  cancelFailed: 'Error cancelling subscription',
  reactivateFailed: 'Error reactivating subscription',
  noSubscription: 'You have no active subscription.',
  badSignature: 'Invalid Stripe signature',
  agentLimitReached: (max: number) => `Your plan allows ${max} agents. Upgrade to Pay as you go to create more agents.`,
  paymentInformationUpdated: 'Payment information updated successfully',
  addonsUpdated: 'Addons updated successfully',
  someAddonsFailed: 'Some addons could not be processed',
  whitelabelTrialUsed: 'Your whitelabel trial has already been used.',
  whitelabelTrialStarted: 'Your 14-day whitelabel trial has started.',
  // Pre-built plans (RPC stripe.createAgencySubscriptionSession, ADR 0045); not in the spec's words.
  alreadyOnPlan: 'You are already subscribed to this plan.',
  prebuiltPlanNotOnAccount: "This plan is sold on the platform's Stripe account, not your billing region's. Please contact sales.",
  // Stripe sends connected accounts' events only to a Connect endpoint, and the platform's only to an account endpoint (ADR 0044).
  connectEventOnPlatformEndpoint: 'This event is from a connected account: Stripe delivers those to the Connect endpoint.',
  platformEventOnConnectEndpoint: "This event is from the platform's account: Stripe delivers those to the account endpoint.",
} as const;

/** A service another service depends on did not answer (a 503; not in the spec's words). */
export const UPSTREAM_MESSAGES = {
  workspaceUnavailable: 'The workspace service is unavailable, please try again.',
  billingUnavailable: 'The billing service is unavailable, please try again.',
  agentUnavailable: 'The agent service is unavailable, please try again.',
  agencyUnavailable: 'The agency service is unavailable, please try again.',
} as const;

/** The billing page's words (billing.md §4, §5 and §8), as the browser shows them. */
export const BILLING_UI_MESSAGES = {
  stripeNotInitialized: 'Stripe not initialized',
  paymentConfirmationFailed: 'Payment confirmation failed',
  paymentConfirmationIncomplete: 'Failed to complete payment confirmation',
  missingConfiguration: 'Missing required configuration',
  cardOrAddressMissing: 'Card or address form is missing',
  updatePaymentFailed: 'Failed to update payment information',
  savePaymentFailed: 'Failed to save payment information',
  genericError: 'An error occurred. Please try again.',
  applePayNotImplemented: 'Apple Pay is not yet implemented',
  subscriptionCreated: 'Subscription Created!',
  subscriptionErrorTitle: 'Subscription Error',
  subscriptionErrorText: 'There was an error creating your subscription. Please try again.',
  invoiceEmailNote: 'This email is used to send you invoices and other important information.',
  useNewCard: 'Use a new card',
  paymentMethodTitle: 'Payment Method',
  paymentMethodText: 'Add or update your payment method',
  paymentFor: (plan: string) => `Payment for ${plan}`,
  addonsLoadFailed: 'Failed to load addon information',
  addonsPrepareFailed: 'Failed to prepare addon changes',
  addonsUpdateFailed: 'Failed to update addons',
  noChanges: 'No changes to save',
  addonsNextCycle: 'Addon changes are reflected in the next billing cycle.',
  loadSubscriptionFailed: 'Failed to load subscription data',
  saveSettingsFailed: 'Failed to save settings',
  currentPlan: 'Current Plan',
  // Pre-built plans on the billing page (ADR 0045); not in the spec's words.
  prebuiltPlansTitle: 'Agency plans',
  prebuiltPlansText: 'Ready-made plans for agencies: monthly credits, agents, seats and client seats for one price, paid in Stripe Checkout.',
  prebuiltCheckoutDone: 'Thank you! Your plan shows here as soon as Stripe confirms the payment.',
  prebuiltCheckoutCancelled: 'Checkout was cancelled; nothing was charged.',
} as const;

/** Knowledge sources (not in the spec's words: the spec shows no knowledge messages). */
export const KNOWLEDGE_MESSAGES = {
  sourceNotFound: 'Knowledge source not found',
  fileNotFound: 'The uploaded file was not found; please upload it again.',
  unsupportedFile: 'Only PDF, DOCX, TXT, MD, HTML or CSV files can become knowledge.',
  charLimitReached: (max: number) => `Your plan allows ${max} characters of knowledge; remove a source or upgrade to add more.`,
  noText: 'No text was found in this source.',
  crawlTimedOut: 'The website took too long to read.',
  robotsDisallowed: "The website's robots.txt does not allow reading this page.",
  embeddingsFailed: 'The embeddings provider did not answer; the source will be retried.',
  searchFailed: 'The knowledge search could not run right now, please try again.',
} as const;

/** The voice-tool test (not in the spec's words). */
export const TOOL_MESSAGES = {
  noServerUrl: 'Add a server URL to test this tool.',
  callFailed: (reason: string) => `The tool server could not be reached: ${reason}`,
} as const;

/** Twilio phone numbers (ADR 0033; the country-code text is the spec's phone rule). */
export const TWILIO_MESSAGES = {
  phoneNumberRequired: 'Please enter a phone number.',
  countryCodeRequired: 'Please include the country code in the phone number.',
  phoneNumberInvalid: 'Please enter the phone number in international format, e.g. +14155550100.',
  countryRequired: 'Please choose a country.',
  areaCodeInvalid: 'An area code is 2 or 3 digits.',
  containsInvalid: 'Search for up to 10 digits.',
  accountSidInvalid: 'Please enter your Twilio Account SID (AC followed by 32 characters).',
  authTokenInvalid: 'Please enter your Twilio Auth Token.',
  agentRequired: 'Please choose an agent, or null to unassign.',
  slotsExhausted: (slots: number) =>
    slots === 0
      ? 'Your plan includes no phone number slots. Add the Twilio phone number add-on in Billing to buy a number.'
      : `All ${slots} phone number slots of your plan are in use. Release a number or add a slot in Billing.`,
  numberUnavailable: 'This number is no longer available. Please search again and choose another.',
  twilioCredentialsRefused: 'Twilio refused these credentials. Check the Account SID and Auth Token.',
  numberNotOnAccount: (phoneNumber: string) => `${phoneNumber} is not a number of this Twilio account.`,
  numberAlreadyAdded: (phoneNumber: string) => `${phoneNumber} is already on the platform.`,
  numberNotFound: 'Phone number not found.',
  agentNotInWorkspace: 'This agent is not an agent of your workspace.',
  twilioUnavailable: 'Twilio did not answer. Please try again in a moment.',
  twilioRefused: (reason: string) => `Twilio refused the request: ${reason}`,
  numberBought: (phoneNumber: string) => `${phoneNumber} is yours.`,
  numberImported: (phoneNumber: string) => `${phoneNumber} was imported.`,
  numberAssigned: 'The number now answers with this agent.',
  numberUnassigned: 'The number is no longer assigned.',
  numberReleased: (phoneNumber: string) => `${phoneNumber} was released.`,
  signatureInvalid: 'Invalid Twilio signature',
  /** What a caller hears on a number no agent answers. */
  unassignedCall: 'Thank you for calling. This number is not connected to an assistant yet. Goodbye.',
  /** What a caller hears when the agent has no greeting. */
  defaultGreeting: 'Hello, thank you for calling.',
} as const;
