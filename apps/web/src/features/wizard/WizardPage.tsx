import { Anchor, Button, Group, Loader, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCopyPlus, IconHelp, IconPlayerPlay } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { useProject } from '../project/project-store';
import { KeywordStep } from './keyword/KeywordStep';
import { stepMayAdvance, useAdvanceRequest, useStepReady } from './step-hooks';
import { useLeaveGuard } from './use-leave-guard';
import { updateWizard, useWizard } from './use-wizard';
import { VariationPopup } from './VariationPopup';
import classes from './Wizard.module.css';
import { WizardTutorialPopup } from './WizardTutorialPopup';
import {
  FAQ_LINK,
  FIRST_WIZARD_STEP,
  helpLinkFor,
  WIZARD_STEPS,
  type WizardStepSlug,
  wizardStepIndex,
} from './wizard-steps';

// Steps after the first are loaded when first opened (the last three carry the player and the
// renderer), so the first screen stays small (bundle budget in scripts/check-bundle.mjs).
const ContentStep = lazy(async () => ({ default: (await import('./ContentStep')).ContentStep }));
const SlidesStep = lazy(async () => ({ default: (await import('./slides/SlidesStep')).SlidesStep }));
const CustomizeStep = lazy(async () => ({ default: (await import('./customize/CustomizeStep')).CustomizeStep }));
const PublishStep = lazy(async () => ({ default: (await import('./publish-step/PublishStep')).PublishStep }));

const STEP_SCREENS: Record<WizardStepSlug, React.ComponentType> = {
  keyword: KeywordStep,
  content: ContentStep,
  slides: SlidesStep,
  customize: CustomizeStep,
  publish: PublishStep,
};

/**
 * The wizard's chrome (spec 001 §2, §4 "Steps"): the step list, the showing step with a forward
 * or reverse slide-in, Back and Next Step (Next runs the step's validation and hide hooks and is
 * disabled while they run), the help, tutorial and FAQ links, and the variation popup on the last step.
 */
export function WizardPage() {
  const { step } = useParams();
  const index = wizardStepIndex(step);
  const maxIndex = useWizard().maxIndex ?? 0;
  if (index === -1) return <Navigate to={`/wizard/${FIRST_WIZARD_STEP}`} replace />;
  // A step not reached yet cannot be opened by its address: back to the furthest one reached.
  if (index > maxIndex) return <Navigate to={`/wizard/${WIZARD_STEPS[maxIndex]!.slug}`} replace />;
  return <WizardFrame index={index} />;
}

function WizardFrame({ index }: { index: number }) {
  const navigate = useNavigate();
  const wizard = useWizard();
  const [checking, setChecking] = useState(false);
  const stepReady = useStepReady();
  const [tutorialOpen, setTutorialOpen] = useState(false);
  const [variationOpen, setVariationOpen] = useState(false);
  const direction = useRef<'forward' | 'reverse'>('forward');
  const current = WIZARD_STEPS[index]!;
  const Screen = STEP_SCREENS[current.slug];
  const isLast = index === WIZARD_STEPS.length - 1;
  useLeaveGuard(index);

  const goTo = (target: number) => {
    direction.current = target < index ? 'reverse' : 'forward';
    navigate(`/wizard/${WIZARD_STEPS[target]!.slug}`);
  };

  const next = async () => {
    setChecking(true);
    try {
      if (!(await stepMayAdvance())) return;
    } finally {
      setChecking(false);
    }
    const target = index + 1;
    if (target > (useProject.getState().data.wizard.maxIndex ?? 0)) {
      updateWizard((draft) => {
        draft.maxIndex = target;
      });
    }
    goTo(target);
  };
  const nextRef = useRef(next);
  nextRef.current = next;
  const advanceRequested = useAdvanceRequest((s) => s.requested);
  useEffect(() => {
    if (!advanceRequested) return;
    useAdvanceRequest.setState({ requested: false });
    void nextRef.current();
  }, [advanceRequested]);

  return (
    <Stack gap="lg" maw={1100} mx="auto" py="md" data-testid="wizard">
      <Stepper active={index} onStepClick={goTo} allowNextStepsSelect={false} size="sm" aria-label="Wizard steps">
        {WIZARD_STEPS.map((s, i) => (
          <Stepper.Step key={s.slug} label={s.label} allowStepSelect={i <= (wizard.maxIndex ?? 0) && !checking} />
        ))}
      </Stepper>

      <Paper withBorder radius="md" p="xl" data-testid="wizard-step" data-step={current.slug}>
        <Stack gap="lg" key={current.slug} className={classes[direction.current]}>
          <div>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              Step {index + 1} of {WIZARD_STEPS.length}
            </Text>
            <Title order={2}>{current.label}</Title>
            <Text c="dimmed">{current.about}</Text>
          </div>
          <Suspense fallback={<Loader size="sm" aria-label="Loading the step" />}>
            <Screen />
          </Suspense>
        </Stack>
      </Paper>

      <Group justify="space-between" wrap="wrap">
        <Group gap="md">
          <Anchor href={helpLinkFor(wizard.originalSource ?? wizard.source)} size="sm" target="_blank">
            <Group gap={4}>
              <IconHelp size={16} /> Help
            </Group>
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={() => setTutorialOpen(true)}>
            <Group gap={4}>
              <IconPlayerPlay size={16} /> Video Tutorial
            </Group>
          </Anchor>
          <Anchor href={FAQ_LINK} size="sm" target="_blank">
            FAQ
          </Anchor>
        </Group>
        <Group>
          {isLast && (
            <Button variant="light" leftSection={<IconCopyPlus size={16} />} onClick={() => setVariationOpen(true)}>
              Create new video variation
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            disabled={index === 0 || checking}
            onClick={() => goTo(index - 1)}
          >
            Back
          </Button>
          {!isLast && (
            <Button
              rightSection={<IconArrowRight size={16} />}
              loading={checking || !stepReady}
              disabled={checking || !stepReady}
              onClick={() => void next()}
              data-testid="wizard-next"
            >
              Next Step
            </Button>
          )}
        </Group>
      </Group>
      <Group gap="lg" justify="center">
        <Anchor component={Link} to="/pricing" size="xs" c="dimmed">
          Pricing
        </Anchor>
        <Anchor href="/docs/zapier/" size="xs" c="dimmed" target="_blank">
          Zapier
        </Anchor>
        <Anchor href="/docs/wordpress-plugin/" size="xs" c="dimmed" target="_blank">
          WordPress plugin
        </Anchor>
      </Group>

      <WizardTutorialPopup
        opened={tutorialOpen}
        onClose={() => setTutorialOpen(false)}
        source={wizard.originalSource ?? wizard.source}
      />
      <VariationPopup opened={variationOpen} onClose={() => setVariationOpen(false)} keyword={wizard.keyword} />
    </Stack>
  );
}
