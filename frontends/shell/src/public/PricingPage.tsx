import { Link } from 'react-router-dom';
import { ADDONS, PLANS, PLAN_KEYS, WHITELABEL } from '@platform/contracts';
import { Badge, Button, Card, Container, List, SimpleGrid, Stack, Table, Text, Title } from '@platform/ui';

/** /pricing: the plans and add-ons of the billing constants (USD). */
export function PricingPage() {
  return (
    <Container size="lg" py={56} data-testid="pricing-page">
      <Stack align="center" ta="center" mb={40}>
        <Title order={1}>Pricing</Title>
        <Text size="lg" c="dimmed" maw={620}>
          Start free. Pay as you go when your agents get busy. Add white label to resell under your brand — {WHITELABEL.trialOfferDetail.toLowerCase()}.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {PLAN_KEYS.map((key) => {
          const plan = PLANS[key];
          return (
            <Card key={key} withBorder radius="lg" padding="xl" shadow={plan.popular ? 'md' : undefined}>
              <Stack gap="sm" h="100%">
                <Text fw={700} size="lg">
                  {plan.label} {plan.popular && <Badge ml="xs">Popular</Badge>}
                </Text>
                <Text c="dimmed" size="sm">
                  {plan.description}
                </Text>
                <Text fz={36} fw={800}>
                  ${plan.prices.USD.amount}
                  <Text span size="sm" c="dimmed" fw={400}>
                    {plan.period} {plan.additionalInfo}
                  </Text>
                </Text>
                <List spacing={4} size="sm" style={{ flex: 1 }}>
                  {plan.features.map((feature) => (
                    <List.Item key={feature}>{feature}</List.Item>
                  ))}
                </List>
                <Button component={Link} to={key === 'enterprise' ? '/legal/contact' : '/signup'} variant={plan.popular ? 'filled' : 'default'}>
                  {key === 'free' ? 'Get free plan now' : plan.callToAction}
                </Button>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      <Title order={3} mt={56} mb="md">
        Add-ons
      </Title>
      <Table striped withTableBorder>
        <Table.Tbody>
          {Object.values(ADDONS).map((addon) => (
            <Table.Tr key={addon.id}>
              <Table.Td fw={600}>{addon.name}</Table.Td>
              <Table.Td c="dimmed">{addon.description}</Table.Td>
              <Table.Td ta="right">
                ${addon.prices.USD.amount}
                {addon.period}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Container>
  );
}
