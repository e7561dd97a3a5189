/** The address typed in step 1 (a URL or a bare domain) as the URL to read: https:// is assumed without a scheme. */
export function websiteUrl(input: string): URL | null {
  const text = input.trim();
  const withScheme = /^https?:\/\//i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
