import { Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconChartLine,
  IconChecklist,
  IconFileSpreadsheet,
  IconMail,
  IconSparkles,
  IconTemplate,
} from '@tabler/icons-react';

const FEATURES = [
  {
    title: 'AI-Powered Personalization',
    text: 'Every recipient gets an email written for them, using their name, company, role and any notes in your list.',
    icon: IconSparkles,
  },
  {
    title: 'Smart Templates',
    text: 'Reuse fixed templates with variables, or AI prompts that write a unique message for each recipient.',
    icon: IconTemplate,
  },
  {
    title: 'Contact List Integration',
    text: 'Upload a CSV and map its columns to your template variables by hand or with AI automapping.',
    icon: IconFileSpreadsheet,
  },
  {
    title: 'Email Integration',
    text: 'Send from your own Gmail or Outlook account, so replies land straight in your inbox.',
    icon: IconMail,
  },
  {
    title: 'Manual Approval',
    text: 'Review, edit and approve each email before anything leaves your mailbox.',
    icon: IconChecklist,
  },
  {
    title: 'Delivery Tracking',
    text: 'Follow sends, opens and unsubscribes for every campaign, within safe daily sending limits.',
    icon: IconChartLine,
  },
];

export function Features() {
  return (
    <Container size="lg" py={{ base: 48, md: 88 }} component="section" id="features">
      <Stack gap="xs" align="center" ta="center" mb={48}>
        <Title order={2} fz={{ base: 28, sm: 36 }}>
          Everything you need for personal outreach at scale
        </Title>
        <Text c="dimmed" maw={620}>
          From the first template to the last delivery report, Tailor keeps every message personal and every
          send under your control.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {FEATURES.map((feature) => (
          <Card key={feature.title} padding="xl" shadow="xs">
            <ThemeIcon size={44} radius="md" variant="light">
              <feature.icon size={24} />
            </ThemeIcon>
            <Title order={3} fz="lg" mt="md" mb={6}>
              {feature.title}
            </Title>
            <Text size="sm" c="dimmed" lh={1.6}>
              {feature.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
