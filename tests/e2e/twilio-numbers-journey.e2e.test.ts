/**
 * The Twilio numbers journey, in Chromium through the gateway of the running platform with the
 * Twilio sandbox (infra/sandboxes/twilio): a free workspace has no phone number slot; an operator
 * gives its plan one; a number is bought in the sandbox from the Buy Number search, assigned to
 * an agent (its VoiceUrl becomes the platform's voice webhook), shown on the agent's Voice > Phone
 * Numbers tab; a caller "calls" it on the sandbox's page and Twilio gets the agent's greeting as
 * TwiML through the gateway, signed; the number is released and its slot freed.
 */
import type { Browser, Page } from 'playwright-core';
import { BILLING_API, TWILIO_MESSAGES, servicePath } from '@platform/contracts';
import { signForwarded } from '@platform/kit';
import { baseUrl, launchBrowser, screenshot, signUpWithAgent, ownWorkspaceId } from './support/platform';

const twilioSandbox = `http://127.0.0.1:${process.env.TWILIO_SANDBOX_PORT ?? 4180}`;

/** An operator gives the workspace's custom plan phone number slots (billing's gateway-only POST /internal/accounts/:uid). */
async function giveSlots(region: string, workspaceId: string, twilioPhoneNumberSlots: number) {
  const path = servicePath(BILLING_API.setAccountSettings.path, { uid: workspaceId });
  const body = JSON.stringify({ customPlan: { limits: { twilioPhoneNumberSlots } } });
  const headers = signForwarded({ identity: { kind: 'gateway' }, region: region as 'eu' | 'na' }, process.env.INTERNAL_SIGNING_SECRET!, { method: 'POST', path, body });
  const answer = await fetch(`http://127.0.0.1:${process.env.PORT_BILLING ?? 4005}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  if (!answer.ok) throw new Error(`setting the slots failed: ${answer.status} ${await answer.text()}`);
}

describe('twilio numbers journey', () => {
  let browser: Browser;
  let page: Page;
  let region = 'eu';
  let agentId = '';
  let workspaceId = '';
  let phoneNumber = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs up and creates an agent', async () => {
    ({ region, agentId } = await signUpWithAgent(page, 'twilio', 'Front desk'));
    workspaceId = await ownWorkspaceId(page, region);
  });

  it('shows the Twilio Numbers page of a free plan: no slot, no placeholder', async () => {
    await page.goto(`/app/${region}/twilio-numbers`);
    await page.getByTestId('twilio-numbers-page').waitFor();
    await page.getByTestId('twilio-slots').getByText('0 of 0 phone number slots used').waitFor();
    await page.getByTestId('twilio-slots-full').waitFor();
    expect(await page.getByText('being built', { exact: false }).count()).toBe(0);
    // buying without a slot is refused with the plan's words
    await page.getByRole('button', { name: 'Buy Number' }).click();
    const buy = page.getByTestId('buy-number-modal');
    await buy.getByLabel('Area code').fill('415');
    await buy.getByRole('button', { name: 'Search' }).click();
    await buy.getByTestId('available-numbers').waitFor();
    await buy.getByRole('button', { name: /^Buy \+1415/ }).first().click();
    await buy.getByText(TWILIO_MESSAGES.slotsExhausted(0)).waitFor();
    await screenshot(page, 'twilio-numbers-no-slot');
    await page.keyboard.press('Escape');
  });

  it('with a slot, buys a number in the sandbox from the search', async () => {
    await giveSlots(region, workspaceId, 1);
    await page.reload();
    await page.getByTestId('twilio-slots').getByText('0 of 1 phone number slots used').waitFor();
    await page.getByRole('button', { name: 'Buy Number' }).click();
    const buy = page.getByTestId('buy-number-modal');
    await buy.getByLabel('Area code').fill('415');
    await buy.getByRole('button', { name: 'Search' }).click();
    await buy.getByTestId('available-numbers').waitFor();
    await screenshot(page, 'twilio-numbers-search');
    const first = buy.getByRole('button', { name: /^Buy \+1415/ }).first();
    phoneNumber = (await first.getAttribute('aria-label'))!.replace('Buy ', '');
    await first.click();
    await page.getByText(TWILIO_MESSAGES.numberBought(phoneNumber)).first().waitFor();
    await page.getByTestId(`twilio-number-${phoneNumber}`).waitFor();
    await page.getByTestId('twilio-slots').getByText('1 of 1 phone number slots used').waitFor();
    const owned = (await (await fetch(`${twilioSandbox}/2010-04-01/Accounts/${process.env.TWILIO_ACCOUNT_SID}/IncomingPhoneNumbers.json?PhoneNumber=${encodeURIComponent(phoneNumber)}`, {
      headers: { authorization: `Basic ${Buffer.from(`${process.env.TWILIO_ACCOUNT_SID}:${process.env.TWILIO_AUTH_TOKEN}`).toString('base64')}` },
    })).json()) as { incoming_phone_numbers: Array<{ phone_number: string; voice_url: string }> };
    expect(owned.incoming_phone_numbers.map((n) => n.phone_number)).toEqual([phoneNumber]);
  });

  it('assigns it to the agent and shows it on the Voice > Phone Numbers tab', async () => {
    await page.getByRole('textbox', { name: `Agent of ${phoneNumber}` }).click();
    await page.getByRole('option', { name: 'Front desk' }).click();
    await page.getByText(TWILIO_MESSAGES.numberAssigned).first().waitFor();
    await screenshot(page, 'twilio-numbers-assigned');
    await page.goto(`/app/${region}/agents/${agentId}/voice?tab=phoneNumbers`);
    await page.getByTestId(`agent-phone-number-${phoneNumber}`).waitFor({ timeout: 20_000 });
    await screenshot(page, 'twilio-agent-phone-numbers');
  });

  it("a caller calls the number on the sandbox's page and hears the agent's greeting", async () => {
    const caller = await page.context().newPage();
    await caller.goto(twilioSandbox);
    await caller.getByLabel('Number to call').fill(phoneNumber);
    await caller.getByRole('button', { name: 'Call' }).click();
    await caller.getByTestId('call-result').getByText('completed').waitFor({ timeout: 20_000 });
    const heard = await caller.getByTestId('call-result').textContent();
    // a new agent has no greeting (vg_initMessages) yet: Twilio says the default one
    expect(heard).toContain(`<Response><Say>${TWILIO_MESSAGES.defaultGreeting}</Say><Hangup/></Response>`);
    await screenshot(caller, 'twilio-sandbox-call');
    await caller.close();
    const calls = (await (await fetch(`${twilioSandbox}/sandbox/calls`)).json()) as Array<{ to: string; status: string; httpStatus: number }>;
    expect(calls.find((call) => call.to === phoneNumber)).toMatchObject({ status: 'completed', httpStatus: 200 });
  });

  it("imports a number of the workspace's own Twilio account: a wrong token is refused, no slot used", async () => {
    const own = (await (await fetch(`${twilioSandbox}/sandbox/accounts`, { method: 'POST' })).json()) as { sid: string; authToken: string; phoneNumber: string };
    await page.goto(`/app/${region}/twilio-numbers`);
    await page.getByRole('button', { name: 'Import Number' }).click();
    const modal = page.getByTestId('import-number-modal');
    await modal.getByLabel('Account SID').fill(own.sid);
    await modal.getByLabel('Auth Token').fill('f'.repeat(32));
    await modal.getByLabel('Phone number').fill(own.phoneNumber.slice(1));
    await modal.getByRole('button', { name: 'Import' }).click();
    await modal.getByText('Please include the country code in the phone number.').waitFor();
    await modal.getByLabel('Phone number').fill(own.phoneNumber);
    await modal.getByRole('button', { name: 'Import' }).click();
    await modal.getByText(TWILIO_MESSAGES.twilioCredentialsRefused).waitFor();
    await screenshot(page, 'twilio-numbers-import-refused');
    await modal.getByLabel('Auth Token').fill(own.authToken);
    await modal.getByRole('button', { name: 'Import' }).click();
    await page.getByText(TWILIO_MESSAGES.numberImported(own.phoneNumber)).first().waitFor();
    await page.getByTestId(`twilio-number-${own.phoneNumber}`).getByText('Imported').waitFor();
    await page.getByTestId('twilio-slots').getByText('1 of 1 phone number slots used').waitFor();
  });

  it('releases the number with a confirmation: gone from Twilio, slot freed', async () => {
    await page.goto(`/app/${region}/twilio-numbers`);
    await page.getByTestId(`twilio-number-${phoneNumber}`).getByRole('button', { name: 'Release' }).click();
    const confirm = page.getByTestId('release-number-modal');
    await screenshot(page, 'twilio-numbers-release');
    await confirm.getByRole('button', { name: 'Release' }).click();
    await page.getByText(TWILIO_MESSAGES.numberReleased(phoneNumber)).first().waitFor();
    await page.getByTestId('twilio-slots').getByText('0 of 1 phone number slots used').waitFor();
    expect(await page.getByTestId(`twilio-number-${phoneNumber}`).count()).toBe(0);
    const call = (await (await fetch(`${twilioSandbox}/sandbox/calls`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: phoneNumber }) })).json()) as { status: string };
    expect(call.status).toBe('failed');
  });
});
