import { Button, Divider, SimpleGrid, Stack, Text } from '@mantine/core';
import { isVideoSiteUrl, RANGES, type VideoItem, videoSiteOf } from '@reelwright/core';
import { IconScissors } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { setItemFields, trimVideo } from '../../../../builder/commands/style-commands';
import { TrimVideoDialog } from '../../../media-edit/TrimVideoDialog';
import { SettingSlider } from '../../controls/SettingSlider';
import { builderEditor } from '../../editor-store';
import { CommitNumber, PartTitle, SettingSwitch } from '../style/InspectorParts';
import { MediaFit } from './ImageSection';

/** The longest clip a trim number accepts when the clip's length is not known (10 hours). */
const MAX_CLIP_SECONDS = 36_000;

/** The clip's length in seconds, read from its metadata in this browser; null until known or when it fails. */
function useClipLength(url: string): number | null {
  const [length, setLength] = useState<number | null>(null);
  useEffect(() => {
    setLength(null);
    if (typeof document === 'undefined') return;
    const video = document.createElement('video');
    video.preload = 'metadata';
    video.muted = true;
    const done = () => setLength(Number.isFinite(video.duration) ? video.duration : null);
    video.addEventListener('loadedmetadata', done);
    video.src = url;
    return () => {
      video.removeEventListener('loadedmetadata', done);
      video.removeAttribute('src');
      video.load();
    };
  }, [url]);
  return length;
}

/**
 * The video section (spec 002 §2, §4, §5): the part of the clip that plays (start and stop in
 * seconds of the clip; a stop before the start becomes start + 5 s, a stop of 0 plays to the
 * end), also chosen in the 'Trim video' popup over the clip itself, speed 0.5–2.5, loop, and how the clip fills its box. Its volume is in the Audio section.
 */
export function VideoSection({ item, frameId }: { item: VideoItem; frameId: string }) {
  if (isVideoSiteUrl(item.url)) return <VideoSiteSection item={item} frameId={frameId} />;
  return <ClipSection item={item} frameId={frameId} />;
}

/**
 * A video-site clip (D55): its site's player shows it, silent and paused, from the start chosen
 * here; a video draws its poster.
 */
function VideoSiteSection({ item, frameId }: { item: VideoItem; frameId: string }) {
  const site = videoSiteOf(item.url)?.site === 'vimeo' ? 'Vimeo' : 'YouTube';
  return (
    <Stack gap="sm" data-testid="video-section">
      <Text size="xs" c="dimmed" data-testid="video-site-note">
        A {site} clip: the editor shows it in {site}'s player, silent and paused. The finished video shows its poster
        {item.poster ? '' : ' (this link has none, so a gray box)'}, since a site's player cannot be recorded.
      </Text>
      <CommitNumber
        label="Show the clip from (s)"
        min={0}
        max={MAX_CLIP_SECONDS}
        step={1}
        decimalScale={0}
        value={item.startTime}
        onCommit={(startTime) => builderEditor.run(trimVideo, { frameId, id: item.id, startTime })}
        data-testid="video-site-start"
      />
      <Divider />
      <MediaFit item={item} frameId={frameId} />
    </Stack>
  );
}

/** A clip file: trim, speed, loop and fit. */
function ClipSection({ item, frameId }: { item: VideoItem; frameId: string }) {
  const length = useClipLength(item.url);
  const max = length !== null ? Math.round(length * 100) / 100 : MAX_CLIP_SECONDS;
  const trimmed = item.stopTime > item.startTime;
  const [trimming, setTrimming] = useState(false);
  return (
    <Stack gap="sm" data-testid="video-section">
      <PartTitle>Trim</PartTitle>
      <SimpleGrid cols={2} spacing={6}>
        <CommitNumber
          label="Start (s)"
          min={0}
          max={max}
          step={0.1}
          decimalScale={2}
          value={item.startTime}
          onCommit={(startTime) => builderEditor.run(trimVideo, { frameId, id: item.id, startTime })}
          data-testid="video-start"
        />
        <CommitNumber
          label="Stop (s)"
          min={0}
          max={max}
          step={0.1}
          decimalScale={2}
          value={item.stopTime}
          onCommit={(stopTime) => builderEditor.run(trimVideo, { frameId, id: item.id, stopTime })}
          data-testid="video-stop"
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed" data-testid="video-trim-summary">
        {trimmed
          ? `Plays ${(item.stopTime - item.startTime).toFixed(2)} s of the clip.`
          : 'Plays to the end of the clip (stop 0).'}
        {length !== null ? ` The clip lasts ${length.toFixed(2)} s.` : ''} A stop before the start becomes the start
        plus 5 s.
      </Text>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconScissors size={14} />}
        onClick={() => setTrimming(true)}
        data-testid="video-trim-open"
      >
        Trim video…
      </Button>
      <TrimVideoDialog
        clip={
          trimming
            ? {
                id: item.id,
                url: item.url,
                startTime: item.startTime,
                stopTime: item.stopTime > 0 ? item.stopTime : undefined,
                duration: length ?? undefined,
              }
            : null
        }
        onSave={({ start, stop }) =>
          builderEditor.run(trimVideo, { frameId, id: item.id, startTime: start, stopTime: stop })
        }
        onClose={() => setTrimming(false)}
      />
      <Divider />
      <SettingSlider
        label="Speed"
        value={item.speed}
        min={RANGES.videoSpeed.min}
        max={RANGES.videoSpeed.max}
        step={0.05}
        format={(speed) => `${Math.round(speed * 100) / 100}×`}
        gesture={setItemFields.name}
        apply={(speed) => builderEditor.run(setItemFields, { frameId, id: item.id, props: { speed } })}
        testId="video-speed"
      />
      <SettingSwitch
        label="Loop"
        checked={item.loop}
        onChange={(loop) => builderEditor.run(setItemFields, { frameId, id: item.id, props: { loop } })}
        testId="video-loop"
      />
      <Divider />
      <MediaFit item={item} frameId={frameId} />
    </Stack>
  );
}
