import { Button, Group } from '@mantine/core';
import { IconBadgeCc } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { fileExists, fileUrl } from '../../lib/api';

/**
 * '.srt' and '.vtt' downloads of the project's rendered video's captions (D68), shown when the
 * render has them (its narration had timed words): SubRip for video sites, WebVTT for the web.
 */
export function CaptionDownloads({ pid, renderKey }: { pid: number; renderKey: string }) {
  const srt = fileUrl('captions', { pid, format: 'srt' });
  const vtt = fileUrl('captions', { pid, format: 'vtt' });
  // The render decides: a newer render may have captions the last one had not.
  const available = useQuery({ queryKey: ['captions', pid, renderKey], queryFn: () => fileExists(vtt) });
  if (!available.data) return null;
  return (
    <Group gap="xs" data-testid="caption-downloads">
      <Button component="a" href={srt} download variant="default" size="xs" leftSection={<IconBadgeCc size={14} />}>
        Captions .srt
      </Button>
      <Button component="a" href={vtt} download variant="default" size="xs" leftSection={<IconBadgeCc size={14} />}>
        Captions .vtt
      </Button>
    </Group>
  );
}
