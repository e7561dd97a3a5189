import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { WHITELABEL, type WhitelabelEntitlement } from '@platform/contracts';
import { UiProvider } from '@platform/ui';
import { TrialBannerView } from '../src/side-nav/TrialBanner';
import { stubBrowserApis } from '../../ui/test/jsdom-browser';

beforeAll(() => stubBrowserApis());

let root: Root | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  document.body.innerHTML = '';
});

const now = Date.UTC(2026, 10, 23, 12);
const day = 24 * 60 * 60 * 1000;

async function banner(whitelabel: WhitelabelEntitlement | undefined) {
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <UiProvider notifications={false}>
        <MemoryRouter>
          <TrialBannerView region="eu" whitelabel={whitelabel} now={now} />
        </MemoryRouter>
      </UiProvider>,
    ),
  );
  return host;
}

describe('the sidebar trial banner', () => {
  it('offers Start Trial, to the billing page, to a workspace eligible for the trial', async () => {
    const host = await banner({ entitled: false, via: null });
    expect(host.textContent).toContain(WHITELABEL.trialOfferDetail);
    const link = [...host.querySelectorAll('a')].find((a) => a.textContent === WHITELABEL.trialOffer);
    expect(link?.getAttribute('href')).toBe('/app/eu/account/billing');
  });

  it('shows the days left, and no Start Trial, while the trial runs', async () => {
    const host = await banner({ entitled: true, via: 'trial', trialEndsAt: now + 13 * day + 60_000 });
    expect(host.textContent).not.toContain(WHITELABEL.trialOffer);
    expect(host.querySelector('[data-testid="trial-days-left"]')?.textContent).toBe('14 days left');
  });

  it('shows nothing with the paid add-on, after the trial, or before billing answers', async () => {
    for (const whitelabel of [{ entitled: true, via: 'addon' as const }, { entitled: false, via: null, trialEndsAt: now - day }, undefined]) {
      const host = await banner(whitelabel);
      expect(host.querySelector('[data-testid="trial-banner"]')).toBeNull();
      await act(async () => root?.unmount());
      document.body.innerHTML = '';
    }
  });
});
