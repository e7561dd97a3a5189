import { clientPageHtml, escapeHtml } from '@platform/contracts';
import type { AgencyBranding } from './lookup';

/** Product name on agency hosts' "Powered by" (the shell's PRODUCT.name). */
export const PRODUCT_NAME = 'Agent Platform';

/**
 * The client-facing page of an agency host in its brand. Until the client dashboard lands,
 * every client path shows the client sign-in; its form is inert (nothing to sign in to yet).
 */
export function agencyHostPage(branding: AgencyBranding): string {
  const { agency } = branding;
  const password = agency.settings?.disablePasswordLogin
    ? ''
    : '<label>Password<input type="password" name="password" autocomplete="current-password" disabled></label>';
  const body = `<div class="card" data-client-sign-in>
<h2>Sign in to ${escapeHtml(agency.name ?? 'your dashboard')}</h2>
<form>
<label>Email<input type="email" name="email" autocomplete="email" disabled></label>
${password}
<button class="button" type="button" disabled>Sign in</button>
</form>
<p style="font-size:13px;color:#666">Client accounts open with the client dashboard.</p>
</div>`;
  return clientPageHtml({ agency, poweredBy: branding.poweredBy, productName: PRODUCT_NAME, bodyHtml: body, region: branding.region, title: 'Sign in' });
}
