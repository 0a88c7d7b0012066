import { AspectRatio, Button, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCrown, IconTrendingUp } from '@tabler/icons-react';

/** The demo video: made by our own renderer (scripts/optimizer-demo.ts, D67), served with the app. */
export const OPTIMIZER_DEMO_VIDEO = '/demo/optimizer-demo.mp4';

/**
 * Free members' view of the video optimizer (spec 000 §3): a demo video, what it does and 'Get
 * Instant Access' (opens pricing).
 */
export function PaidFeatureTeaser() {
  return (
    <Paper withBorder radius="md" p="xl" maw={640} mx="auto" mt="lg" data-testid="optimizer-teaser">
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={44} radius="md" variant="light" color="orange">
          <IconTrendingUp size={26} />
        </ThemeIcon>
        <Title order={2}>Get your videos found</Title>
        <AspectRatio ratio={16 / 9} w="100%">
          <video
            src={OPTIMIZER_DEMO_VIDEO}
            aria-label="Demo of the video optimizer"
            data-testid="optimizer-demo-video"
            autoPlay
            muted
            loop
            playsInline
            controls
            style={{ borderRadius: 'var(--mantine-radius-md)', background: '#000' }}
          />
        </AspectRatio>
        <Text c="dimmed">
          The SEO video optimizer is part of the paid plans. Give it a target keyword and it writes what helps a video
          rank on video and search sites:
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>a title and a description with timestamps for the key points</List.Item>
          <List.Item>tags, ready to copy</List.Item>
          <List.Item>the MP4 and a link to the upload page</List.Item>
        </List>
        <Button
          component="a"
          href="/pricing"
          target="_blank"
          rel="noopener"
          color="orange"
          size="md"
          leftSection={<IconCrown size={18} />}
        >
          Get Instant Access
        </Button>
      </Stack>
    </Paper>
  );
}
