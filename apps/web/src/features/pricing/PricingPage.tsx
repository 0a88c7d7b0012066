import { Alert, Badge, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Plan } from '@reelwright/core';
import { IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { isLoggedIn, useUser } from '../account/use-user';
import { PLAN_CARDS, type PlanCard } from './plans';

/** The pricing page (spec 000 §2): the three plans, the free plan's limits and how to upgrade. */
export function PricingPage() {
  const { data: user } = useUser();
  const current: Plan | null = isLoggedIn(user) ? user.plan : null;

  return (
    <Stack gap="xl" py="lg" maw={1080} mx="auto">
      <Stack gap={4} ta="center">
        <Title order={1}>Plans</Title>
        <Text c="dimmed">Start free. Upgrade when your videos need to be longer, unbranded and found.</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {PLAN_CARDS.map((card) => (
          <PlanColumn key={card.plan} card={card} current={card.plan === current} />
        ))}
      </SimpleGrid>
      <Alert icon={<IconInfoCircle />} color="blue" variant="light" title="How to upgrade" data-testid="upgrade-how">
        Plans are switched by your Reelwright administrator for now. Send them the e-mail address of your account and
        the plan you want; the change applies the next time you open the app.
      </Alert>
    </Stack>
  );
}

function PlanColumn({ card, current }: { card: PlanCard; current: boolean }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      data-testid={`plan-${card.plan}`}
      style={current ? { borderColor: 'var(--mantine-color-blue-5)', borderWidth: 2 } : undefined}
    >
      <Group justify="space-between" mb={4}>
        <Title order={3}>{card.title}</Title>
        {current && <Badge>Your plan</Badge>}
      </Group>
      <Text c="dimmed" size="sm" mb="md">
        {card.tagline}
      </Text>
      <List spacing="xs" size="sm" center>
        {card.features.map((feature) => (
          <List.Item
            key={feature.text}
            icon={
              <ThemeIcon size={20} radius="xl" color={feature.included ? 'teal' : 'gray'} variant="light">
                {feature.included ? <IconCheck size={12} /> : <IconX size={12} />}
              </ThemeIcon>
            }
          >
            {feature.text}
          </List.Item>
        ))}
      </List>
    </Card>
  );
}
