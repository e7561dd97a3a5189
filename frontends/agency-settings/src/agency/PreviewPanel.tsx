import { useMemo } from 'react';
import { marked } from 'marked';
import { clientPageHtml, type Agency } from '@platform/contracts';
import { Card, PRODUCT, Text } from '@platform/ui';

const NAV = ['Home', 'Conversations', 'Analytics', 'Leads', 'Campaigns'];

/** The client dashboard as the agency's clients will see it, from the unsaved form: sandboxed without scripts (same origin only so its images load). */
export function PreviewPanel({ agency, poweredBy, region }: { agency: Agency; poweredBy: boolean; region: 'eu' | 'na' }) {
  const html = useMemo(() => {
    const branding = marked.parse(agency.brandingText ?? '', { async: false });
    const body = `<div class="card">${branding}<button class="button">Get started</button></div>`;
    return clientPageHtml({ agency, poweredBy, productName: PRODUCT.name, bodyHtml: body, region, navLabels: [...NAV, ...(agency.customTabs ?? []).map((t) => t.label || t.href)] });
  }, [agency, poweredBy, region]);
  return (
    <Card withBorder p="xs" data-testid="agency-preview">
      <Text size="sm" fw={600} mb={6}>Preview</Text>
      <iframe title="Client dashboard preview" sandbox="allow-same-origin" srcDoc={html} style={{ width: '100%', height: 560, border: 0, borderRadius: 6 }} data-testid="agency-preview-frame" />
    </Card>
  );
}
