import { Link } from 'react-router-dom';
import { Button, Container, List, Stack, Text, Title } from '@platform/ui';
import type { ContentPageData } from './content/types';

/** Renders a marketing or legal text page from its data. */
export function ContentPage({ page }: { page: ContentPageData }) {
  return (
    <Container size="md" py={56} data-testid="content-page">
      <Stack gap="lg">
        <div>
          <Title order={1}>{page.title}</Title>
          {page.updated && (
            <Text size="sm" c="dimmed" mt={4}>
              Last updated {page.updated}
            </Text>
          )}
          <Text size="lg" c="dimmed" mt="md">
            {page.lead}
          </Text>
        </div>
        {page.sections.map((section) => (
          <section key={section.heading}>
            <Title order={3} mb="xs">
              {section.heading}
            </Title>
            {section.paragraphs?.map((text) => (
              <Text key={text} mb="xs">
                {text}
              </Text>
            ))}
            {section.bullets && (
              <List spacing={4}>
                {section.bullets.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            )}
          </section>
        ))}
        {page.cta && (
          <div>
            <Button component={Link} to={page.cta.href} size="md">
              {page.cta.label}
            </Button>
          </div>
        )}
      </Stack>
    </Container>
  );
}
