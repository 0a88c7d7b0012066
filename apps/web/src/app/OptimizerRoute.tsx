import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTrendingUp } from '@tabler/icons-react';
import { useUser } from '../features/account/use-user';
import { PaidFeatureTeaser } from '../features/pricing/PaidFeatureTeaser';

/**
 * `/optimizer`: members without the optimizer ability (visitors, free plan) see the teaser; paid
 * members see where the optimizer will open (its screens arrive with the optimizer issue).
 */
export function OptimizerRoute() {
  const { data: user } = useUser();
  if (!user?.abilities.optimizer) return <PaidFeatureTeaser />;
  return (
    <Paper withBorder radius="md" p="xl" maw={640} mx="auto" mt="lg" data-testid="optimizer-placeholder">
      <Stack gap="sm">
        <ThemeIcon size={44} radius="md" variant="light">
          <IconTrendingUp size={26} />
        </ThemeIcon>
        <Title order={2}>SEO video optimizer</Title>
        <Text c="dimmed">
          Your plan includes the optimizer. It opens here in an upcoming release: pick one of your videos, give a target
          keyword, and get tags, a title and a description to copy.
        </Text>
      </Stack>
    </Paper>
  );
}
