import { useQuery } from '@tanstack/react-query';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { BILLING_API, BILLING_DISPLAY, type Region, type UsageChart } from '@platform/contracts';
import { Paper, SimpleGrid, Stack, Text, callApi } from '@platform/ui';

const COLORS = ['#7c3aed', '#f97316', '#10b981', '#0ea5e9', '#ef4444', '#eab308'];
/** The report covers the last 30 days. */
const RANGE_MS = 30 * 24 * 3600 * 1000;

function ChartCard({ title, testId, children }: { title: string; testId: string; children: JSX.Element }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Text fw={600} size="sm" mb="xs">
        {title}
      </Text>
      <div style={{ width: '100%', height: 220 }}>
        <ResponsiveContainer>{children}</ResponsiveContainer>
      </div>
    </Paper>
  );
}

const pie = (chart: UsageChart | undefined) => (
  <PieChart>
    <Pie data={chart?.data ?? []} dataKey="value" nameKey="name" outerRadius={80} isAnimationActive={false}>
      {(chart?.data ?? []).map((_entry, i) => (
        <Cell key={i} fill={COLORS[i % COLORS.length]} />
      ))}
    </Pie>
    <Tooltip />
    <Legend />
  </PieChart>
);

/** The usage report (billing §3): key metrics and the five charts over the last 30 days. */
export function UsageCharts({ region, workspaceId }: { region: Region; workspaceId: string }) {
  const report = useQuery({
    queryKey: ['billing-usage', region, workspaceId],
    queryFn: () => {
      const end = Date.now();
      return callUsage(region, workspaceId, end - RANGE_MS, end);
    },
  });
  if (!report.data) return null;
  const { keyMetrics, charts } = report.data;
  const agentKeys = Object.keys(keyMetrics.usageByAgent ?? {});
  return (
    <Stack gap="md" data-testid="usage-report">
      <Text fw={700}>Usage</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Paper withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            Credits consumed
          </Text>
          <Text fw={700} data-testid="credits-consumed">
            {keyMetrics.creditsConsumed.toFixed(BILLING_DISPLAY.creditBalanceDecimals)}
          </Text>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            Credits charged
          </Text>
          <Text fw={700}>{keyMetrics.creditsCharged.toFixed(BILLING_DISPLAY.creditBalanceDecimals)}</Text>
        </Paper>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ChartCard title="Usage across features" testId="usage-across-features">
          {pie(charts['usage-across-features'])}
        </ChartCard>
        <ChartCard title="Usage across agents" testId="usage-across-agents">
          {pie(charts['usage-across-agents'])}
        </ChartCard>
        <ChartCard title="Credits usage" testId="credits-usage-global">
          <LineChart data={charts['credits-usage-global']?.data ?? []}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="date" />
            <YAxis />
            <Tooltip />
            <Line type="monotone" dataKey="credits" stroke={COLORS[0]} isAnimationActive={false} />
          </LineChart>
        </ChartCard>
        <ChartCard title="LLM tokens usage" testId="llm-tokens-usage">
          <BarChart data={charts['llm-tokens-usage']?.data ?? []}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="model" />
            <YAxis />
            <Tooltip />
            <Legend />
            <Bar dataKey="inputTokens" fill={COLORS[0]} isAnimationActive={false} />
            <Bar dataKey="outputTokens" fill={COLORS[1]} isAnimationActive={false} />
          </BarChart>
        </ChartCard>
        <ChartCard title="Credits usage by agent" testId="credits-usage-agents">
          <BarChart data={charts['credits-usage-agents']?.data ?? []}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="date" />
            <YAxis />
            <Tooltip />
            <Legend />
            {agentKeys.map((agentId, i) => (
              <Bar key={agentId} dataKey={agentId} stackId="agents" fill={COLORS[i % COLORS.length]} isAnimationActive={false} />
            ))}
          </BarChart>
        </ChartCard>
      </SimpleGrid>
    </Stack>
  );
}

async function callUsage(region: Region, workspaceId: string, start: number, end: number) {
  return (await callApi(BILLING_API.getUsageReport, { region, params: { uid: workspaceId }, query: { start: String(start), end: String(end), logsPage: '0' } })).data;
}
