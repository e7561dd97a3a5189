/**
 * A custom tab page's own policy: a sandbox (an opaque origin: the page's scripts never reach
 * the product's cookies or storage), inline markup and scripts only, framed by the product itself.
 */
export const CUSTOM_TAB_CSP =
  "sandbox allow-scripts allow-forms allow-popups; default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src https: data:; font-src https: data:; connect-src https:; frame-ancestors 'self'";

/** A custom tab that is not there, or not for this caller. */
export const CUSTOM_TAB_NOT_FOUND = 'This custom tab does not exist.';
