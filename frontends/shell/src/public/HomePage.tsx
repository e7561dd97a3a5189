import { Link } from 'react-router-dom';
import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  IconBolt,
  IconBrandDiscord,
  IconBrandInstagram,
  IconBrandMessenger,
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconBuildingStore,
  IconMessageChatbot,
  IconPhone,
  IconShieldCheck,
  IconWorld,
  PRODUCT,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@platform/ui';

const FEATURES = [
  { icon: IconMessageChatbot, title: 'Chat agents', text: 'A website widget and messaging agents that answer from your own knowledge base, capture leads and hand over to your team.', href: '/chatbot' },
  { icon: IconPhone, title: 'Voice agents', text: 'Phone agents with natural voices on your Twilio numbers: inbound support, bookings and outbound follow-ups.', href: '/voice-agent' },
  { icon: IconBrandWhatsapp, title: 'WhatsApp and social', text: 'One agent on WhatsApp, Instagram, Messenger, Discord and Telegram, with every conversation in one inbox.', href: '/whatsapp' },
  { icon: IconBuildingStore, title: 'White label for agencies', text: 'Resell agents under your brand: your domain, logo, colours and e-mail, and a client dashboard with the pages you choose.', href: '/get-free-plan' },
  { icon: IconWorld, title: 'EU or North America', text: 'Pick the data region of each workspace. Its data stays in that region’s own database.', href: '/legal/gdpr' },
  { icon: IconBolt, title: 'Stripe billing', text: 'Pay as you go with credits, automatic recharge and add-ons; agencies bill their own clients through Stripe.', href: '/pricing' },
];

const CHANNELS = [IconBrandWhatsapp, IconBrandInstagram, IconBrandMessenger, IconBrandDiscord, IconBrandTelegram, IconPhone];

/** / and /landing2: the main landing page. */
export function HomePage() {
  return (
    <div data-testid="home-page">
      <section className="hero">
        <Container size="lg" py={96}>
          <Stack align="center" ta="center" gap="lg" maw={760} mx="auto">
            <Badge size="lg" variant="light">
              AI chat and voice agents
            </Badge>
            <Title order={1} fz={{ base: 36, sm: 52 }} lh={1.1}>
              Agents that answer your customers on every channel
            </Title>
            <Text size="xl" c="dimmed">
              Build an AI agent from your website in minutes, then put it on your site, WhatsApp, Instagram, Messenger,
              Discord, Telegram and the phone. Agencies resell it under their own brand.
            </Text>
            <Group>
              <Button component={Link} to="/signup" size="lg">
                Get free plan now
              </Button>
              <Button component={Link} to="/demo" size="lg" variant="default">
                See a demo
              </Button>
            </Group>
            <Group gap="lg" c="dimmed" mt="md" aria-label="Supported channels">
              {CHANNELS.map((Icon, index) => (
                <Icon key={index} size={28} stroke={1.5} />
              ))}
            </Group>
          </Stack>
        </Container>
      </section>
      <Container size="lg" py={72}>
        <Title order={2} ta="center" mb="xl">
          Everything an AI agent needs to do real work
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {FEATURES.map((feature) => (
            <Card key={feature.title} withBorder radius="lg" padding="lg" component={Link} to={feature.href} className="plain-link">
              <ThemeIcon size={44} radius="md" variant="light" mb="md">
                <feature.icon size={24} />
              </ThemeIcon>
              <Text fw={700} mb={6}>
                {feature.title}
              </Text>
              <Text size="sm" c="dimmed">
                {feature.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
      <Container size="lg" pb={88}>
        <Card withBorder radius="lg" p={40}>
          <Group justify="space-between" wrap="wrap" gap="lg">
            <Stack gap={6} maw={560}>
              <Group gap="xs">
                <IconShieldCheck size={22} />
                <Text fw={700}>Start free, grow when it works</Text>
              </Group>
              <Text c="dimmed">
                {PRODUCT.name}’s free plan includes two agents and two workspace seats. Upgrade to pay as you go when your agents
                start handling real traffic.
              </Text>
            </Stack>
            <Button component={Link} to="/pricing" size="md" variant="light">
              See pricing
            </Button>
          </Group>
        </Card>
      </Container>
    </div>
  );
}
