import { Alert, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { type Abilities, wizardWatermark } from '@reelwright/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { updateWizard, useWizard } from '../use-wizard';
import { readWatermark, WATERMARK_TEXT_MAX, type WizardWatermark, watermarkProblem } from './watermark';

function setWatermark(patch: Partial<WizardWatermark>) {
  updateWizard((wizard) => {
    wizard.watermark = { ...readWatermark(wizard.watermark), ...patch };
  });
}

/**
 * The watermark (spec 001 §2, §6): free accounts see the fixed watermark and the 15-slide limit;
 * paid members set their own text or turn it off. The member's abilities say which applies.
 */
export function WatermarkPanel(props: {
  abilities: Pick<Abilities, 'watermarkForced' | 'maxVideoSlides'>;
  leftOut: number;
  showAllProblems: boolean;
}) {
  const { abilities, leftOut } = props;
  const setting = readWatermark(useWizard().watermark);
  const slideLimit = abilities.maxVideoSlides !== null && (
    <Alert color="yellow" icon={<IconInfoCircle />} data-testid="free-slide-limit">
      Free accounts are limited to {abilities.maxVideoSlides} slides here.
      {leftOut > 0 && ` ${leftOut} extra ${leftOut === 1 ? 'slide is' : 'slides are'} left out of your video.`}
    </Alert>
  );
  if (abilities.watermarkForced) {
    const fixed = wizardWatermark(true);
    return (
      <Stack gap="sm" data-testid="customize-watermark">
        <Title order={4}>Watermark</Title>
        <Alert color="blue" icon={<IconInfoCircle />} data-testid="watermark-free-notice">
          Free accounts get a fixed watermark{fixed.type === 'text' && fixed.text ? ` ("${fixed.text}")` : ''}, which
          cannot be changed. <Link to="/pricing">Upgrade</Link> to set your own or remove it.
        </Alert>
        {slideLimit}
      </Stack>
    );
  }
  const problem = watermarkProblem(setting);
  return (
    <Stack gap="sm" data-testid="customize-watermark">
      <Title order={4}>Watermark</Title>
      <Switch
        label="Show a watermark"
        checked={setting.enabled}
        onChange={(event) => setWatermark({ enabled: event.currentTarget.checked })}
        data-testid="watermark-enabled"
      />
      <TextInput
        label="Watermark text"
        placeholder="Your brand"
        value={setting.text}
        maxLength={WATERMARK_TEXT_MAX}
        disabled={!setting.enabled}
        onChange={(event) => setWatermark({ text: event.currentTarget.value })}
        error={props.showAllProblems || setting.text !== '' ? problem : null}
        data-testid="watermark-text"
      />
      <Text size="xs" c="dimmed">
        Shown in the bottom right corner of the whole video.
      </Text>
      {slideLimit}
    </Stack>
  );
}
