import { Accordion, ColorSwatch, Text } from '@mantine/core';
import { IconAspectRatio, IconBadgeCc, IconDroplet, IconMusic, IconSignature } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { memo } from 'react';
import { abilitiesOf, useUser } from '../../account/use-user';
import { useMusicTracks } from '../../wizard/customize/music-api';
import { useEditor } from '../editor-store';
import { BackgroundColorSection } from './BackgroundColorSection';
import { CaptionsSection } from './CaptionsSection';
import classes from './MovieSettings.module.css';
import { MusicSection } from './MusicSection';
import { ResizeSection } from './ResizeSection';
import { backgroundSummary, captionsSummary, sizeSummary, watermarkSummary } from './settings-rules';
import { WatermarkSection } from './WatermarkSection';

/** An accordion heading: the section's name and, under it, its current value. */
function Heading(props: { icon: ReactNode; label: string; summary: ReactNode; testId: string }) {
  return (
    <Accordion.Control icon={props.icon}>
      <Text size="sm" fw={600}>
        {props.label}
      </Text>
      <Text size="xs" c="dimmed" truncate="end" component="div" data-testid={`${props.testId}-summary`}>
        {props.summary}
      </Text>
    </Accordion.Control>
  );
}

/**
 * The movie-level settings (spec 002 §2 "Movie-level settings accordion"): Background music,
 * Watermark, Captions (ours, D68), Resize video and Background Color, for a side panel about 250 px wide. Every change
 * is a named command; sliders apply live and commit one undo step on release.
 */
export const MovieSettings = memo(function MovieSettings() {
  const musicUrl = useEditor((s) => s.data.video.audio.url);
  const watermark = useEditor((s) => s.data.video.watermark);
  const size = useEditor((s) => s.data.video.size);
  const background = useEditor((s) => s.data.video.background);
  const captions = useEditor((s) => s.data.video.captions?.style ?? 'off');
  const { watermarkForced } = abilitiesOf(useUser().data);
  const tracks = useMusicTracks().data?.tracks;
  const musicName = musicUrl ? (tracks?.find((track) => track.url === musicUrl)?.name ?? 'Chosen track') : 'No music';
  const swatch = background?.type === 'color' ? background.color : undefined;
  return (
    <Accordion
      variant="contained"
      radius="md"
      chevronPosition="right"
      defaultValue="music"
      styles={{ content: { padding: 'var(--mantine-spacing-xs) var(--mantine-spacing-sm) var(--mantine-spacing-sm)' } }}
      data-testid="movie-settings"
    >
      <Accordion.Item value="music">
        <Heading icon={<IconMusic size={16} />} label="Background music" summary={musicName} testId="movie-music" />
        <Accordion.Panel>
          <MusicSection />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="watermark">
        <Heading
          icon={<IconSignature size={16} />}
          label="Watermark"
          summary={watermarkSummary(watermark, watermarkForced)}
          testId="movie-watermark"
        />
        <Accordion.Panel>
          <WatermarkSection />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="captions">
        <Heading
          icon={<IconBadgeCc size={16} />}
          label="Captions"
          summary={captionsSummary(captions)}
          testId="movie-captions"
        />
        <Accordion.Panel>
          <CaptionsSection />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="resize">
        <Heading
          icon={<IconAspectRatio size={16} />}
          label="Resize video"
          summary={sizeSummary(size)}
          testId="movie-size"
        />
        <Accordion.Panel>
          <ResizeSection />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="background">
        <Heading
          icon={<IconDroplet size={16} />}
          label="Background Color"
          summary={
            <span className={classes.summary}>
              {swatch && <ColorSwatch color={swatch} size={10} />}
              {backgroundSummary(background)}
            </span>
          }
          testId="movie-background"
        />
        <Accordion.Panel>
          <BackgroundColorSection />
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
});
