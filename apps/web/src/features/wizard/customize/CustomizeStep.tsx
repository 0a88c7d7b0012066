import { Alert, Divider, Grid, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { abilitiesOf, useUser } from '../../account/use-user';
import { useProject } from '../../project/project-store';
import { useStepHooks } from '../step-hooks';
import { useWizard } from '../use-wizard';
import { CaptionsPanel } from './CaptionsPanel';
import { CustomizePreview } from './CustomizePreview';
import { MusicPicker } from './MusicPicker';
import { previewSlides } from './preview-slides';
import { SocialSlides } from './SocialSlides';
import { readSocial, socialProblems } from './social';
import { WatermarkPanel } from './WatermarkPanel';
import { readWatermark, watermarkProblem } from './watermark';

/** Whether Next may leave the customize step: every enabled contact item and the member's own watermark are usable. */
function customizeIsValid(watermarkForced: boolean): boolean {
  const wizard = useProject.getState().data.wizard;
  if (Object.keys(socialProblems(readSocial(wizard.social))).length > 0) return false;
  return watermarkForced || watermarkProblem(readWatermark(wizard.watermark)) === null;
}

/**
 * The customize step (spec 001 §2): background music, contact and social slides, the watermark
 * and a preview of the result. Everything is stored in the wizard (`music`, `social`, `watermark`).
 */
export function CustomizeStep() {
  const { data: user } = useUser();
  const abilities = abilitiesOf(user);
  const slides = useWizard().slides;
  const [showAll, setShowAll] = useState(false);
  const [refused, setRefused] = useState(false);
  const { leftOut } = previewSlides(slides, { abilities, showAll: true });

  useStepHooks({
    validate: () => {
      const valid = customizeIsValid(abilities.watermarkForced);
      setRefused(!valid);
      return valid;
    },
  });

  return (
    <Grid gutter="xl" data-testid="customize-step">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="lg">
          {refused && !customizeIsValid(abilities.watermarkForced) && (
            <Alert color="red" icon={<IconAlertTriangle />} data-testid="customize-error">
              Please fix the highlighted items, or turn them off, before going on.
            </Alert>
          )}
          <MusicPicker />
          <Divider />
          <SocialSlides showAllProblems={refused} />
          <Divider />
          <WatermarkPanel abilities={abilities} leftOut={leftOut} showAllProblems={refused} />
          <Divider />
          <CaptionsPanel />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <div style={{ position: 'sticky', top: 16 }}>
          <CustomizePreview abilities={abilities} showAll={showAll} onShowAll={() => setShowAll(true)} />
        </div>
      </Grid.Col>
    </Grid>
  );
}
