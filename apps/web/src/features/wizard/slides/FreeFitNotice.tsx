import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { fitFreeVideo, freeFitFigures } from '@reelwright/core';
import { IconScissors } from '@tabler/icons-react';
import { useMemo } from 'react';
import { abilitiesOf, useUser } from '../../account/use-user';
import { updateWizard, useWizard } from '../use-wizard';

const seconds = (value: number) => `${Math.round(value)} s`;
const FIT_NOTIFICATION = 'free-fit';

/**
 * The free plan's figures on the slides step: narration against the project's 35 s of speech and
 * video length against the 60 s a free video may last, with one action that fits the video by
 * leaving out the least central slides — so every slide is narrated and nothing is cut. The
 * limits are the member's abilities; members without them (paid plans) see none of it.
 */
export function FreeFitNotice() {
  const abilities = abilitiesOf(useUser().data);
  const wizard = useWizard();
  const figures = useMemo(() => freeFitFigures(wizard, abilities), [wizard, abilities]);
  const { maxSpeechSeconds: speechLimit, maxVideoSeconds: videoLimit } = abilities;
  if (speechLimit === null || videoLimit === null || wizard.slides.length === 0) return null;

  const summary = `Narration: about ${seconds(figures.narrationSeconds)} of ${seconds(speechLimit)}. Video: about ${seconds(figures.videoSeconds)} of ${seconds(videoLimit)}.`;
  if (figures.fits) {
    return (
      <Text size="sm" c="dimmed" data-testid="free-fit-notice" data-fits="true">
        {summary} The whole video fits the free plan.
      </Text>
    );
  }

  const fit = () => {
    const previous = wizard.slides;
    const kept = fitFreeVideo(wizard, abilities);
    const after = freeFitFigures({ ...wizard, slides: kept }, abilities);
    const keep = new Set(kept.map((slide) => slide.id));
    updateWizard((draft) => {
      draft.slides = draft.slides.filter((slide) => keep.has(slide.id));
    });
    notifications.show({
      id: FIT_NOTIFICATION,
      color: 'teal',
      title: `Left out ${previous.length - kept.length} slides`,
      message: (
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">
            The video now fits: narration about {seconds(after.narrationSeconds)}, video about{' '}
            {seconds(after.videoSeconds)}.
          </Text>
          <Button
            size="compact-xs"
            variant="light"
            data-testid="free-fit-undo"
            onClick={() => {
              updateWizard((draft) => {
                draft.slides = previous;
              });
              notifications.hide(FIT_NOTIFICATION);
            }}
          >
            Undo
          </Button>
        </Group>
      ),
      autoClose: 10_000,
    });
  };

  return (
    <Alert
      color="yellow"
      icon={<IconScissors size={18} />}
      title="This video is longer than the free plan allows"
      data-testid="free-fit-notice"
      data-fits="false"
    >
      <Text size="sm">
        {summary} Free videos stop at {seconds(videoLimit)} and narration stops after {seconds(speechLimit)}, so the end
        would be silent or cut off.
      </Text>
      <Group mt="sm" gap="sm">
        <Button size="compact-sm" onClick={fit}>
          Fit the video to the free plan
        </Button>
        <Text size="xs" c="dimmed">
          Leaves out the slides that add least to the story, keeping the first.
        </Text>
      </Group>
    </Alert>
  );
}
