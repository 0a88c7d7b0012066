import { Paper, Progress, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import classes from './Stage.module.css';
import { useFileUploads } from './use-file-drops';

/** Each file dropped on this slide and still uploading: its name and a progress bar where it fell. */
export function FileUploads({ frameId, scale }: { frameId: string; scale: number }) {
  const uploads = useFileUploads().filter((upload) => upload.frameId === frameId);
  return uploads.map((upload) => (
    <Paper
      key={upload.id}
      className={classes.upload}
      style={{ left: upload.at.x * scale, top: upload.at.y * scale }}
      shadow="md"
      radius="sm"
      p={8}
      role="status"
      aria-label={`Uploading ${upload.name}`}
      data-testid="stage-upload"
    >
      <Text size="xs" fw={500} truncate="end" mb={6}>
        <IconUpload size={12} style={{ verticalAlign: -2, marginRight: 4 }} />
        {upload.name}
      </Text>
      <Progress value={Math.round(upload.progress * 100)} size="sm" animated={upload.progress < 1} />
    </Paper>
  ));
}
