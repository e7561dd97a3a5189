import {
  ADDONS,
  CHANNEL_WEBHOOK_PATHS,
  COLLECTIONS,
  WIZARD_STEPS,
  creditsForUsd,
  ADDON_KEYS,
  ADDON_RULES,
  AGENCY_BILLING,
  AGENCY_DEFAULTS,
  AGENT_DRAFT_DEFAULTS,
  AGENT_LIMITS,
  AGENT_TABS,
  AGENT_TEMPLATE_CATEGORIES,
  AGENTS_LOADING,
  BILLING_DISPLAY,
  CANCELLATION_REASONS,
  CLIENT_AUTO_RECHARGE,
  CLIENT_CREDIT_PURCHASE,
  CLIENT_DEFAULTS,
  COUNTRY_BILLING,
  CUSTOM_PLAN_PRICING,
  DEFAULT_CLIENT_ACCESS,
  DEFAULT_PLAN_LIMITS,
  DELETE_WORKSPACE_CONFIRMATION,
  DOMAIN_DNS,
  EU_COUNTRY_CODES,
  FONTS,
  ID_LENGTHS,
  KNOWLEDGE_REFRESH_RATES,
  KNOWLEDGE_SOURCE_STATUSES,
  LAYOUT_PX,
  MESSAGES,
  NAVIGATION_SEARCH,
  NOTIFICATION_RULES,
  ORGANIZATION_DEFAULTS,
  PALETTE_LIGHTNESS_STEPS,
  PAYMENT_REGIONS,
  PLANS,
  PLAN_KEYS,
  REGIONS,
  RESERVED_TAB_PATHS,
  SECRET_PREFIX,
  SUBSCRIPTION_STATUSES,
  THEME_COLOR_USAGES,
  THEME_VARIANTS,
  TOP_UP_MINIMUM,
  UPGRADE_PROMPT,
  UPLOAD,
  VG_STARTER_DEFAULTS,
  VOICE_CONFIG_DEFAULT,
  WHITELABEL,
  WORKSPACE_AUTO_RECHARGE,
  WORKSPACE_DEFAULTS,
  addonDefinitionSchema,
  agencyPlanPrice,
  agencyUsdPerCredit,
  countryBillingInfo,
  planSchema,
  workspaceSeatLimit,
} from '@platform/contracts';

describe('ids, prefixes and regions', () => {
  it('has the spec lengths', () => {
    expect(ID_LENGTHS).toMatchObject({
      agentId: 16,
      workspaceUid: 15,
      workspaceSecret: 20,
      agentSecretKey: 20,
      agencySecret: 25,
      clientDashboardPassword: 15,
      discordChannelId: 15,
      uploadFileName: 8,
      personalWorkspaceNameSuffix: 5,
    });
    expect(SECRET_PREFIX).toBe('vg_');
  });

  it('has two data regions and the payment regions', () => {
    expect(REGIONS).toEqual(['eu', 'na']);
    expect(PAYMENT_REGIONS).toEqual(['US', 'GB', 'NZ', 'AU', 'EU']);
    expect(EU_COUNTRY_CODES).toHaveLength(27);
    expect(new Set(EU_COUNTRY_CODES).size).toBe(27);
    expect(EU_COUNTRY_CODES).not.toContain('GB');
  });
});

describe('workspace constants', () => {
  it('has the new-workspace defaults', () => {
    expect(WORKSPACE_DEFAULTS.newWorkspaceLoadTokens).toBe(0);
    expect(WORKSPACE_DEFAULTS.freeLTsTS).toBe(99999999999999);
    expect(WORKSPACE_DEFAULTS.workspaceSeats).toBe(2);
    expect(WORKSPACE_DEFAULTS.newUserFreeLoadTokens).toBeGreaterThan(0);
  });
  it('counts seats as default plus extra', () => {
    expect(workspaceSeatLimit()).toBe(2);
    expect(workspaceSeatLimit(3)).toBe(5);
  });
  it('has the upgrade prompt rule and delete confirmation', () => {
    expect(UPGRADE_PROMPT).toEqual({ minAccountAgeSeconds: 604800, minTokens: 500 });
    expect(DELETE_WORKSPACE_CONFIRMATION).toBe('THIS ACTION CANNOT BE UNDONE');
  });
});

describe('agent constants', () => {
  it('has the draft defaults', () => {
    expect(AGENT_DRAFT_DEFAULTS).toMatchObject({
      description: 'Your virtual assistant.',
      messageDelayMS: 1000,
      maxTokensUsage: 0,
      autoStartWidget: false,
      syncBrowser: false,
      listenForUrlChanges: false,
      lang: 'en',
      recordChatHistory: true,
      enableGeoAnalytics: false,
      enableNodes: true,
      internal: { accountCreationConfig: 'v2' },
      vapiConfig: { promptOnWeb: false },
    });
    expect(AGENT_DRAFT_DEFAULTS.proactiveMessage).toMatch(/^Hi, how can I help you today\? 👋$/);
  });

  it('has the voice config default', () => {
    expect(VOICE_CONFIG_DEFAULT).toEqual({
      config: { recordAudio: true, enableWebCalling: true, backgroundNoise: 'restaurant' },
      transcriber: { provider: 'deepgram', modelId: 'nova-2', utteranceThreshold: 50, language: 'en' },
      speechGen: { provider: 'deepgram', voiceId: 'asteria' },
    });
  });

  it("has the starter defaults of 'vg' agents", () => {
    expect(VG_STARTER_DEFAULTS).toMatchObject({
      vg_defaultModel: 'gpt-4o',
      vg_enableUIEngine: true,
      vg_temperature: 0.5,
      vg_maxTokens: 1024,
      vg_kbDefaultDimension: 1536,
      internal: { websocketServer: 'nodejs' },
      vgOptions: { maxChunkSize: 2424 },
      enableGeoAnalytics: true,
      voiceConfig: { transcriber: { utteranceThreshold: 150 } },
    });
    expect(VG_STARTER_DEFAULTS.vg_systemPrompt.length).toBeGreaterThan(0);
    expect(VG_STARTER_DEFAULTS.vg_initMessages.length).toBeGreaterThan(0);
  });

  it('has the limits, templates, tabs and knowledge values', () => {
    expect(AGENT_LIMITS).toMatchObject({ minMaxChunkSize: 1000, defaultMaxChunkSize: 2424, versionHistorySize: 20 });
    expect(AGENT_TEMPLATE_CATEGORIES).toEqual({
      'Customer Support': ['customer-support', 'real-estate-agent', 'health-care-agent'],
      Utility: ['confirm-email', 'make-appointment', 'blank-template'],
      Entertainment: ['game-npc'],
    });
    expect(Object.keys(AGENT_TABS)).toEqual([
      'home', 'overview', 'voice', 'nodes', 'prompt', 'kb', 'convos', 'analytics', 'leads', 'channels', 'tools', 'settings',
    ]);
    expect(AGENT_TABS.overview).toBe('Widget');
    expect(AGENT_TABS.prompt).toBe('Canvas');
    expect(RESERVED_TAB_PATHS).toEqual(expect.arrayContaining(['/home', '/overview', '/settings', '/campaigns']));
    expect(KNOWLEDGE_REFRESH_RATES).toEqual(['1h', '6h', '12h', '24h', '7d', 'never']);
    expect(KNOWLEDGE_SOURCE_STATUSES).toEqual(['ERROR', 'SUCCESS', 'PENDING', 'INITIALIZED']);
    expect(PALETTE_LIGHTNESS_STEPS).toEqual([95, 90, 80, 70, 60, 50, 40, 30, 20, 10]);
  });

  it('has the webhook paths, collections and wizard steps', () => {
    expect(CHANNEL_WEBHOOK_PATHS.telegram('a1')).toBe('/v2/agents/a1/telegram-webhook');
    expect(CHANNEL_WEBHOOK_PATHS.whatsapp('a1')).toBe('/agents/a1/wa-webhook');
    expect(CHANNEL_WEBHOOK_PATHS.googleBusiness('a1')).toBe('/agents/a1/gc-webhook');
    expect(COLLECTIONS).toMatchObject({ workspaces: 'users', agents: 'voiceglow', organizations: 'orgs', whatsappNumbers: 'waNumbers', dnsReminders: 'dns_reminders' });
    expect(COLLECTIONS.notificationsByLevel).toEqual({ 1: 'notifications-1', 2: 'notifications-2' });
    expect(WIZARD_STEPS).toEqual(['company-info', 'branding', 'success']);
  });

  it('has the upload and DNS constants', () => {
    expect(UPLOAD).toMatchObject({
      bytesPerMB: 1_000_000,
      cacheControl: 'public, max-age=31536000',
      onboardingLogoMaxMB: 0.5,
      onboardingLogoFormats: ['png', 'jpg', 'jpeg', 'gif', 'webp'],
      tabIconMaxMB: 1,
    });
    expect(DOMAIN_DNS).toMatchObject({ apexHost: '@', apexRecordType: 'A', subdomainRecordType: 'CNAME', ttl: 'Auto', pollIntervalMs: 5000, mxPriority: 10 });
    expect(DOMAIN_DNS.propagationHours).toEqual({ min: 24, max: 48 });
  });
});

describe('agency, client and shell constants', () => {
  it('has the new agency defaults and theme options', () => {
    expect(AGENCY_DEFAULTS).toMatchObject({ name: 'Your Awesome Agency', themeVariant: 'default', themeColorUsage: 'plain', googleFont: 'Rubik' });
    expect(THEME_VARIANTS).toEqual(['default', 'bordered', 'faded', 'flat']);
    expect(THEME_COLOR_USAGES).toEqual(['plain', 'colorful', 'gradient']);
    expect(FONTS).toMatchObject({ previewDefault: 'DM Sans', newAgencyDefault: 'Rubik', inherit: 'inherit', weights: [400, 500, 700] });
  });

  it('has the whitelabel offer', () => {
    expect(WHITELABEL).toMatchObject({ trialDays: 14, addonUsdPerMonth: 50, upgradeUsdPerMonth: 70 });
    expect(WHITELABEL.addonOffer).toBe('Get Whitelabel Addon - ($50/month)');
    expect(WHITELABEL.upgradeOffer).toBe('Upgrade Plan - ($70/month)');
    expect(WHITELABEL.unavailableTooltip).toBe('This feature is available in whitelabel addon only');
  });

  it('has the client and organisation defaults', () => {
    expect(DEFAULT_CLIENT_ACCESS).toEqual(['/home', '/convos', '/analytics', '/leads', '/campaigns']);
    expect(CLIENT_DEFAULTS).toEqual({ notifyThrough: 'all', notifyIf: 'requestsOnly', preferredLanguage: 'en', statusOnSave: 'offline' });
    expect(ORGANIZATION_DEFAULTS).toEqual({
      name: 'New Organization',
      dashboardLayout: 'vertical',
      disableClientAccessMessage: 'Access is currently disabled. Pleas contact your provider!',
    });
    expect(NOTIFICATION_RULES).toMatchObject({ popupSeconds: 5, ignoreOlderThanSeconds: 180, recentUnderSeconds: 60, queryLimitPerLevel: 5 });
  });

  it('has the shell layout, search and loading numbers', () => {
    expect(LAYOUT_PX).toMatchObject({
      miniChatWidth: 450,
      sideNavOpen: 200,
      sideNavCollapsed: 65,
      agentSidebarExpanded: 250,
      agentSidebarCollapsed: 75,
      notificationPanel: { width: 350, height: 500 },
      cssEditorHeight: 500,
    });
    expect(NAVIGATION_SEARCH).toMatchObject({ maxResults: 5, debounceMs: 300, minScore: 0.3, strongMatchAbove: 0.8, goodMatchAbove: 0.6 });
    expect(AGENTS_LOADING.capPercent).toBe(85);
    expect(AGENTS_LOADING.messages.map((message) => message.text)).toEqual([
      'Initializing your workspace...',
      'Loading your agents...',
      'Preparing navigation...',
      'Almost ready...',
    ]);
  });
});

describe('billing constants', () => {
  it('has the three plans with the spec prices', () => {
    expect(PLAN_KEYS).toEqual(['free', 'pay_as_you_go', 'enterprise']);
    expect(PLANS.free.price).toBe(0);
    expect(PLANS.pay_as_you_go.prices).toEqual({
      USD: { amount: 20 },
      EUR: { amount: 22, originalAmount: 18 },
      GBP: { amount: 20, originalAmount: 15 },
    });
    expect(PLANS.enterprise.prices.USD.amount).toBe(1000);
    for (const key of PLAN_KEYS) {
      expect(PLANS[key].id).toBe(key);
      expect(planSchema.validate(PLANS[key]).error).toBeUndefined();
    }
  });

  it('has the add-on prices, the same in each currency', () => {
    expect(ADDON_KEYS).toEqual(['whitelabel-new', 'workspace-seat', 'client_seat', 'concurrent-call-line', 'twilio-phone-number']);
    const expected = { 'whitelabel-new': 50, 'workspace-seat': 10, client_seat: 5, 'concurrent-call-line': 5, 'twilio-phone-number': 3 };
    for (const key of ADDON_KEYS) {
      const { prices } = ADDONS[key];
      expect([prices.USD.amount, prices.EUR.amount, prices.GBP.amount]).toEqual([expected[key], expected[key], expected[key]]);
      expect(ADDONS[key].period).toBe('/month');
      expect(addonDefinitionSchema.validate(ADDONS[key]).error).toBeUndefined();
    }
    expect(ADDONS['whitelabel-new'].name).toBe('Whitelabel');
    expect(ADDON_RULES).toEqual({ minQuantity: 0, maxQuantity: 10, whitelabelMaxQuantity: 1 });
  });

  it('has the default plan limits', () => {
    expect(DEFAULT_PLAN_LIMITS).toEqual({ maxAgents: 2, maxConcurrentCalls: 10, maxClients: 2, workspaceSeats: 2, twilioPhoneNumberSlots: 0 });
  });

  it('has the tax table', () => {
    expect(COUNTRY_BILLING.EU).toMatchObject({ currency: 'EUR', currencySymbol: '€', taxRate: 0.27, exchangeRate: 0.88 });
    expect(COUNTRY_BILLING.GB).toEqual({ currency: 'GBP', currencySymbol: '£', taxRate: 0.35, taxDescription: 'UK Tax (35%)', exchangeRate: 0.75 });
    expect(COUNTRY_BILLING.other).toMatchObject({ currency: 'USD', taxRate: 0, taxDescription: 'No tax', exchangeRate: 1 });
  });

  it('finds currency and tax by country', () => {
    expect(countryBillingInfo('DE')).toMatchObject({ currency: 'EUR', taxRate: 0.27, taxDescription: 'EU Tax (DE 27%)' });
    expect(countryBillingInfo('fr').taxDescription).toBe('EU Tax (FR 27%)');
    expect(countryBillingInfo('GB').currency).toBe('GBP');
    expect(countryBillingInfo('UK').currency).toBe('GBP');
    expect(countryBillingInfo('US')).toMatchObject({ currency: 'USD', taxRate: 0, taxDescription: 'No tax' });
    expect(countryBillingInfo('CH').currency).toBe('USD');
    expect(countryBillingInfo(undefined).currency).toBe('USD');
  });

  it('has the recharge, purchase and top-up ranges', () => {
    expect(TOP_UP_MINIMUM).toBe(5);
    expect(WORKSPACE_AUTO_RECHARGE.threshold).toMatchObject({ min: 500, max: 2500, step: 500 });
    expect(WORKSPACE_AUTO_RECHARGE.amount).toMatchObject({ min: 5, max: 25, step: 5 });
    expect(WORKSPACE_AUTO_RECHARGE.monthlyChargeLimit).toEqual({ min: 0, max: 500, step: 25, default: 100 });
    expect(CLIENT_AUTO_RECHARGE).toEqual({ threshold: { min: 100, max: 5000, step: 100, default: 500 }, amount: { min: 5, max: 100, step: 5, default: 5 } });
    expect(CLIENT_CREDIT_PURCHASE).toEqual({ min: 1000, max: 50000, step: 500, quickPicks: [1000, 2500, 5000, 10000] });
  });

  it('has the agency billing defaults and prices plans from credits', () => {
    expect(AGENCY_BILLING).toMatchObject({ feeRate: 0.05, defaultExtraUsdPerCredit: 0.003, maxFeaturesPerPlan: 5 });
    expect(AGENCY_BILLING.defaultFeatures).toEqual(['Custom Channels', 'Real-Time Analytics', 'Voice Channels']);
    expect(AGENCY_BILLING.defaultPlans.map((plan) => [plan.name, plan.credits, plan.isPopular])).toEqual([
      ['Basic Plan', 5000, false],
      ['Premium Plan', 15000, true],
    ]);
    expect(AGENCY_BILLING.defaultPlans[1].features).toContain('Priority Support');
    expect(agencyUsdPerCredit()).toBeCloseTo(0.004, 10);
    expect(agencyPlanPrice(5000)).toBe(20);
    expect(agencyPlanPrice(15000)).toBe(60);
    expect(agencyPlanPrice(1000, 0.009)).toBe(10);
    expect(creditsForUsd(10)).toBe(2500);
    expect(creditsForUsd(10, 0.002)).toBe(3333);
  });

  it('has the custom plan, display and status constants', () => {
    expect(CUSTOM_PLAN_PRICING).toMatchObject({ fallbackUsdPerCredit: 0.001, unlimitedAgentsIncludedCount: 50, yearlyMultiplier: 10, discountValue: 1 });
    expect(BILLING_DISPLAY).toMatchObject({ costDecimals: 4, perCreditCostDecimals: 5, usageDangerPercent: 80, usageWarningPercent: 50, invoicesShown: 4 });
    expect(SUBSCRIPTION_STATUSES).toEqual(['active', 'cancelled', 'trialing', 'past_due', 'unpaid', 'pending']);
    expect(CANCELLATION_REASONS).toEqual(['Too expensive', 'Missing features', 'Found a better alternative', 'Temporary need', 'Other']);
  });
});

describe('messages', () => {
  it('has the spec texts word for word', () => {
    expect(MESSAGES.workspace.nameRequired).toBe('Please enter a workspace name.');
    expect(MESSAGES.workspace.inviteSelf).toBe("You can't invite yourself lol");
    expect(MESSAGES.agent.nameRequired).toBe('Please provide a name for the agent.');
    expect(MESSAGES.agent.maxChunkSizeTooSmall).toBe('Max chunk size must be greater than 1000');
    expect(MESSAGES.agency.subdomainRequired('a.com')).toBe('Please input a subdomain: "a.com"');
    expect(MESSAGES.clients.existsInOtherOrg('org1')).toBe('Client already exists to org: org1');
    expect(MESSAGES.channels.uploadTooLarge(2)).toBe('Max size: 2 MBs');
    expect(MESSAGES.channels.uploadWrongType('.png')).toBe('Only .png Files');
    expect(MESSAGES.billing.planFeaturesMax).toBe('Maximum of 5 features allowed');
  });
});
