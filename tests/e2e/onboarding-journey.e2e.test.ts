/**
 * The beginner path, in Chromium through the gateway of the running platform: a new user signs
 * up, meets every step-1 validation message, types the local company website
 * (infra/sandboxes/company-site), sees its colours extracted, picks one, gets an agent in that
 * colour, asks the ready screen's test chat what only the website says and gets it, then
 * continues to the agent with the debugger open, and the workspace no longer owes onboarding.
 * The Agent Wizard does the same for the existing user, who also talks to the agent by voice
 * and goes to connect a channel.
 */
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '@platform/contracts';
import { baseUrl, launchBrowser, screenshot, signInWithCode, uniqueEmail } from './support/platform';

const companySite = `http://127.0.0.1:${process.env.COMPANY_SITE_PORT ?? 4150}`;
const messages = MESSAGES.onboarding;

describe('onboarding journey', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('turns the company website into a branded agent that answers from it', async () => {
    await page.goto('/signup');
    await signInWithCode(page, uniqueEmail('onboarding'));
    const onboarding = page.getByTestId('onboarding');
    await onboarding.waitFor();

    // Step 1: every message, cleared on edit
    await page.getByRole('button', { name: 'Next' }).click();
    for (const message of [messages.companyNameRequired, messages.companyWebsiteRequired, messages.companyDescriptionRequired]) await onboarding.getByText(message).waitFor();
    await screenshot(page, 'onboarding-01-required');
    await page.getByLabel('Company name').fill('Tidewater Bakery');
    expect(await onboarding.getByText(messages.companyNameRequired).count()).toBe(0);
    await page.getByLabel('Company website').fill('tidewater');
    await page.getByLabel('What does your company do?').fill('Bread');
    await page.getByRole('button', { name: 'Next' }).click();
    await onboarding.getByText(messages.companyWebsiteInvalid).waitFor();
    await onboarding.getByText(messages.companyDescriptionTooShort).waitFor();
    await page.getByLabel('Company website').fill(companySite);
    await page.getByLabel('What does your company do?').fill('A harbour bakery baking sourdough and celebration cakes');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: the site's colours, one picked
    const colors = page.getByTestId('brand-colors');
    await colors.getByRole('button', { name: '#e4572e' }).waitFor({ timeout: 20_000 });
    await colors.getByRole('button', { name: '#17bebb' }).waitFor();
    await screenshot(page, 'onboarding-02-brand-colours');
    await colors.getByRole('button', { name: '#17bebb' }).click();
    await page.getByTestId('chosen-color').filter({ hasText: '#17bebb' }).waitFor();
    const created = page.waitForResponse((res) => res.url().includes('/onboarding/procedures/createPersonalizedAgent'));
    await page.getByRole('button', { name: 'Create AI Agent' }).click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    const { agentId, agentData } = (await answer.json()) as { agentId: string; agentData: { customThemeJSONString: string } };
    expect(JSON.parse(agentData.customThemeJSONString)).toMatchObject({ primary: '#17bebb' });

    // Step 3: the real runtime answers from the website
    const panel = page.getByTestId('debugger-panel');
    await panel.waitFor();
    await panel.getByLabel('Test message').fill('Who founded Tidewater Bakery?');
    await panel.getByLabel('Test message').press('Enter');
    await panel.getByTestId('test-chat-answer').filter({ hasText: 'Marisol Okonkwo' }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'onboarding-03-test-chat');
    await page.getByText('Add to your website').click();
    for (const key of ['popup', 'embedded', 'iframe']) await page.getByTestId(`snippet-${key}`).filter({ hasText: agentId }).waitFor();
    await screenshot(page, 'onboarding-04-snippets');

    await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
    await page.waitForURL(new RegExp(`/app/(eu|na)/agents/${agentId}/overview\\?showDebugger=true`));
    await page.getByTestId('debugger-panel').waitFor();
    await screenshot(page, 'onboarding-05-agent-overview');

    // Finished: a new visit of the app does not send the user back to onboarding.
    const region = /\/app\/(eu|na)\//.exec(page.url())![1]!;
    await page.goto(`/app/${region}/agents`);
    await page.getByText('Tidewater Bakery').first().waitFor();
    expect(page.url()).not.toContain('/onboarding');
  });

  it('builds another agent with the Agent Wizard for the existing user', async () => {
    await page.getByTestId('side-nav').getByRole('button', { name: 'New Agent' }).click();
    await page.getByTestId('agent-wizard-card').click();
    const wizard = page.getByRole('dialog', { name: 'Agent Wizard' });
    await wizard.getByText('Step 1 of 3').waitFor();
    await wizard.getByLabel('Company name').fill('Tidewater Bakery Cakes');
    await wizard.getByLabel('Company website').fill(companySite);
    await wizard.getByLabel('What does your company do?').fill('Celebration cakes from the harbour bakery');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByTestId('brand-colors').getByRole('button', { name: '#ffc914' }).click({ timeout: 20_000 });
    await wizard.getByLabel('Custom colour').fill('0a5');
    await wizard.getByRole('button', { name: 'Use colour' }).click();
    await wizard.getByTestId('chosen-color').filter({ hasText: '#0a5' }).waitFor();
    await screenshot(page, 'onboarding-06-wizard-brand');
    await wizard.getByRole('button', { name: 'Create AI Agent' }).click();
    await wizard.getByText('Step 3 of 3').waitFor({ timeout: 30_000 });
    await wizard.getByTestId('debugger-panel').getByLabel('Test message').fill('How long is the Saltmarsh Sourdough proofed?');
    await wizard.getByTestId('debugger-panel').getByLabel('Test message').press('Enter');
    await wizard.getByTestId('test-chat-answer').filter({ hasText: '38 hours' }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'onboarding-07-wizard-ready');

    // Try Voice: the browser's speech recognition and synthesis stand in for a person's voice; the answer is the real runtime's.
    await page.evaluate(installScriptedVoice, ['How long is the Saltmarsh Sourdough proofed?']);
    await wizard.getByText('Try Voice').click();
    await wizard.getByRole('button', { name: 'Start test call' }).click();
    const transcript = wizard.getByTestId('voice-call-transcript');
    await transcript.getByText('You: How long is the Saltmarsh Sourdough proofed?').waitFor();
    await transcript.getByText('38 hours').waitFor({ timeout: 20_000 });
    await wizard.getByTestId('voice-call-state').filter({ hasText: 'Listening' }).waitFor();
    expect((await page.evaluate(() => (window as unknown as { spoken: string[] }).spoken)).join(' ')).toContain('38 hours');
    await screenshot(page, 'onboarding-08-wizard-voice');
    await wizard.getByRole('button', { name: 'End call' }).click();
    await wizard.getByTestId('voice-call-state').filter({ hasText: 'Call ended' }).waitFor();

    // Explore Integration Options leads to the new agent's channel, ready to connect.
    await wizard.getByText('Explore Integration Options').click();
    await wizard.getByRole('button', { name: 'Connect Telegram' }).click();
    await page.waitForURL(/\/app\/(eu|na)\/agents\/[^/]+\/channels\?channel=telegram/);
    await page.getByTestId('channel-settings-telegram').waitFor();
  });
});

/**
 * Runs in the page: a SpeechRecognition that hears the given phrases one per turn (then silence),
 * and a speechSynthesis that records what it says, as a person's microphone and speakers would.
 */
function installScriptedVoice(phrases: string[]) {
  const scope = window as unknown as Record<string, unknown> & { spoken: string[] };
  scope.spoken = [];
  scope.SpeechRecognition = class {
    onresult: ((event: unknown) => void) | null = null;
    onend: (() => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    start() {
      const phrase = phrases.shift();
      if (phrase) setTimeout(() => (this.onresult?.({ results: [[{ transcript: phrase }]] }), this.onend?.()), 100);
    }
    abort() {}
  };
  Object.defineProperty(window, 'speechSynthesis', {
    configurable: true,
    value: {
      speak: (utterance: { text: string; onend?: () => void }) => {
        scope.spoken.push(utterance.text);
        setTimeout(() => utterance.onend?.(), 50);
      },
      cancel: () => undefined,
    },
  });
}
