import { ActionIcon, Button, Divider, Popover, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Slide } from '@reelwright/core';
import { IconClockHour3, IconSettings } from '@tabler/icons-react';
import { openTextPrompt } from '../../../shell/open-text-prompt';
import { updateSlide, updateText } from '../slide-edits';
import { clampMinDuration } from './settings-rules';

type Flag = 'unique' | 'rtl' | 'bgMute' | 'unmute';

const FLAGS: { flag: Flag; label: string; description: string }[] = [
  { flag: 'unique', label: "Keep this slide's design", description: 'Design changes of other slides leave it alone' },
  { flag: 'rtl', label: 'Right-to-left text', description: 'For Arabic, Hebrew, Persian…' },
  { flag: 'bgMute', label: 'Mute background music', description: 'Silence the music while this slide plays' },
  { flag: 'unmute', label: 'Unmute video', description: "Play the sound of this slide's clips" },
];

const durationLabel = (seconds: number) => (seconds > 0 ? `${seconds} s` : 'Auto');

/**
 * The settings cog: the active line's minimum duration (a prompt, seconds, clamped 0–300, 0 =
 * automatic, spec 001 §5) and the slide's own switches. These are the slide's, never copied to
 * other slides, so they edit through `updateSlide`.
 */
export function SettingsMenu({ slide, activeTextId }: { slide: Slide; activeTextId: string | undefined }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const text = slide.texts.find((t) => t.id === activeTextId);

  const askDuration = async () => {
    if (!text) return;
    close();
    const answer = await openTextPrompt({
      title: 'Minimum duration',
      label: 'Seconds this line lasts at least (0 = automatic, up to 300)',
      initial: String(text.minDuration),
      confirmLabel: 'Save',
    });
    if (answer === null) return;
    const seconds = clampMinDuration(answer);
    updateText(slide.id, text.id, (t) => {
      t.minDuration = seconds;
    });
  };

  return (
    <Popover opened={opened} onChange={(o) => !o && close()} position="bottom-end" shadow="md" width={290}>
      <Popover.Target>
        <Tooltip label="Slide settings" disabled={opened}>
          <ActionIcon
            variant="default"
            size="md"
            onClick={toggle}
            aria-label="Slide settings"
            data-testid="design-settings"
          >
            <IconSettings size={16} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p="sm" data-testid="design-settings-dropdown">
        <Stack gap="sm">
          <Button
            variant="light"
            size="xs"
            justify="space-between"
            fullWidth
            leftSection={<IconClockHour3 size={14} />}
            rightSection={<Text size="xs">{durationLabel(text?.minDuration ?? 0)}</Text>}
            disabled={!text}
            onClick={() => void askDuration()}
            data-testid="settings-min-duration"
          >
            Minimum duration
          </Button>
          <Divider />
          {FLAGS.map(({ flag, label, description }) => (
            <Switch
              key={flag}
              size="sm"
              label={label}
              description={description}
              checked={slide[flag]}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                updateSlide(slide.id, (s) => {
                  s[flag] = on;
                });
              }}
              data-testid={`settings-${flag}`}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
