import { Alert, Button, Group, Loader, Menu, Progress, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { FREE_MAX_CREATED_SLIDES, messages, slideMessages } from '@reelwright/core';
import {
  IconDotsVertical,
  IconHelp,
  IconInfoCircle,
  IconMicrophone,
  IconRefresh,
  IconStack2,
  IconWaveSine,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useAuthPopupOpener } from '../../account/auth-popup-store';
import { currentUser, isLoggedIn } from '../../account/use-user';
import { requestAdvance, useStepHooks } from '../step-hooks';
import { updateWizard } from '../use-wizard';
import { usePresets, useVoices } from './design/design-api';
import { clearAllAudio, ensureSlides, recreateSlides } from './ensure-slides';
import { FreeFitNotice } from './FreeFitNotice';
import { finalizeVideo } from './finalize-video';
import { moveItem } from './new-slides';
import { fetchMissingMedia, generateMissingSpeech, type SpeechOutcome, usePrepare } from './prepare';
import { QuickTips } from './QuickTips';
import { SlideCard } from './SlideCard';
import { SlidesHelp } from './SlidesHelp';
import { SpeechLoader } from './SpeechLoader';
import { useSlides } from './slide-edits';
import { VoiceSyncDialog } from './VoiceSyncDialog';

/**
 * The slides step (spec 001 §2, §4): slides made from the article on entry, pictures fetched for
 * every line and the first slide narrated in the background; cards to edit; and leaving runs the
 * spec's sequence — sign-up prompt for visitors, missing speech, waiting for pictures, frames.
 */
export function SlidesStep() {
  const slides = useSlides();
  const media = usePrepare((s) => s.media);
  const [notice, setNotice] = useState<{ limited: boolean; warnFree: boolean }>({ limited: false, warnFree: false });
  const [refresh, setRefresh] = useState(0);
  const [helpOpen, setHelpOpen] = useState(false);
  const [syncOpen, setSyncOpen] = useState(false);
  const [waitingForMedia, setWaitingForMedia] = useState(false);
  const dragFrom = useRef<number | null>(null);
  const openAuth = useAuthPopupOpener();
  const voices = useVoices();
  const presets = usePresets();

  useEffect(() => {
    setNotice(ensureSlides());
    void fetchMissingMedia();
    // Spec 001 §4: the first slide's missing speech is made at once (members only).
    if (isLoggedIn(currentUser())) void generateMissingSpeech({ onlyFirstSlide: true }).then(reportSpeech);
  }, []);

  useStepHooks({
    validate: async () => {
      if (!isLoggedIn(currentUser())) {
        if (await askToSignUp()) {
          // Once verified, Next goes on by itself: narration starts without another click.
          openAuth({ title: 'Create your free account', resume: requestAdvance });
          return false;
        }
      } else {
        const outcome = await generateMissingSpeech();
        if (!reportSpeech(outcome)) return false;
      }
      setWaitingForMedia(true);
      try {
        await fetchMissingMedia();
      } finally {
        setWaitingForMedia(false);
      }
      finalizeVideo();
      return true;
    },
  });

  const move = (to: number) => {
    const from = dragFrom.current;
    dragFrom.current = null;
    if (from === null || from === to) return;
    updateWizard((wizard) => {
      wizard.slides = moveItem(wizard.slides, from, to);
    });
  };

  const confirm = (title: string, text: string, onConfirm: () => void) =>
    modals.openConfirmModal({ title, children: text, labels: { confirm: title, cancel: 'Cancel' }, onConfirm });

  const mediaBusy = media.running !== null;

  return (
    <Stack gap="md" data-testid="slides-step">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="slides-count">
          {slides.length} slides
        </Text>
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconHelp size={14} />}
            onClick={() => setHelpOpen(true)}
          >
            Help
          </Button>
          <Menu position="bottom-end" withArrow>
            <Menu.Target>
              <Button
                variant="default"
                size="compact-sm"
                rightSection={<IconDotsVertical size={14} />}
                data-testid="slides-menu"
              >
                Slides
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconRefresh size={16} />} onClick={() => setRefresh((n) => n + 1)}>
                Refresh all previews
              </Menu.Item>
              <Menu.Item
                leftSection={<IconMicrophone size={16} />}
                onClick={() =>
                  confirm('Recreate all audio', 'All narration is deleted and made again when you press Next.', () => {
                    clearAllAudio();
                    notifications.show({ color: 'green', message: slideMessages.audioCleaned });
                  })
                }
              >
                Recreate all audio
              </Menu.Item>
              <Menu.Item leftSection={<IconWaveSine size={16} />} onClick={() => setSyncOpen(true)}>
                Transcribe my voice-over…
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconStack2 size={16} />}
                onClick={() =>
                  confirm(
                    'Recreate all slides',
                    'All slides and their edits are deleted and made again from the article.',
                    () => {
                      setNotice(recreateSlides());
                      void fetchMissingMedia();
                    },
                  )
                }
              >
                Recreate all slides
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      {notice.warnFree && (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />} data-testid="free-slides-warning">
          {notice.limited
            ? `Free accounts make up to ${FREE_MAX_CREATED_SLIDES} slides, so the rest of the article was left out.`
            : `Free accounts make up to ${FREE_MAX_CREATED_SLIDES} slides.`}{' '}
          Upgrade for longer videos.
        </Alert>
      )}

      <FreeFitNotice />

      {(voices.isPending || presets.isPending) && (
        <Group gap="xs" data-testid="loading-voices">
          <Loader size="xs" />
          <Text size="sm">{slideMessages.loadingVoicesAndPresets}</Text>
        </Group>
      )}

      {(mediaBusy || waitingForMedia) && (
        <Stack gap={4} data-testid="media-progress">
          <Text size="sm">{slideMessages.addingImages}</Text>
          <Progress value={media.total ? (media.done / media.total) * 100 : 0} animated striped />
        </Stack>
      )}

      <Stack component="ul" gap={0} p={0} m={0} aria-label="Slides" style={{ listStyle: 'none' }}>
        {slides.map((slide, index) => (
          <SlideCard
            key={slide.id}
            slide={slide}
            index={index}
            total={slides.length}
            refresh={refresh}
            onDragStart={(from) => {
              dragFrom.current = from;
            }}
            onDrop={move}
          />
        ))}
      </Stack>

      <SpeechLoader />
      <QuickTips />
      <SlidesHelp opened={helpOpen} onClose={() => setHelpOpen(false)} />
      <VoiceSyncDialog opened={syncOpen} onClose={() => setSyncOpen(false)} />
    </Stack>
  );
}

/** Tells the outcome of a speech run; answers whether the author may go on. */
function reportSpeech(outcome: SpeechOutcome): boolean {
  if (outcome === 'done') {
    if (usePrepare.getState().speech.total > 0)
      notifications.show({ color: 'green', message: slideMessages.speechCompleted });
    return true;
  }
  if (outcome === 'aborted') {
    notifications.show({ color: 'red', message: slideMessages.speechAborted });
    return false;
  }
  notifications.show({ color: 'red', message: outcome.error, autoClose: 10_000 });
  // The free plan's speech limit is not a reason to stay: the rest of the video is simply not narrated.
  return outcome.code === 'speech_limit';
}

/** The sign-up prompt for visitors (spec 001 §8 'Add Free Voice Narration?'); true for yes. */
function askToSignUp(): Promise<boolean> {
  return new Promise((resolve) =>
    modals.openConfirmModal({
      title: messages.freeNarrationTitle,
      children: messages.freeNarrationPrompt,
      labels: { confirm: messages.freeNarrationYes, cancel: 'No' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    }),
  );
}
