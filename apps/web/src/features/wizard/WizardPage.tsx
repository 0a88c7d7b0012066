import { Anchor, Button, Group, Paper, Stack, Stepper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconHammer, IconHelp, IconLayoutDashboard } from '@tabler/icons-react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { FIRST_WIZARD_STEP, WIZARD_STEPS, wizardStepIndex } from './wizard-steps';

/**
 * The wizard's frame (spec 001 §2): the step list with the current step, Back and Next Step,
 * and the help links. Each step's own screen arrives with the wizard issue.
 */
export function WizardPage() {
  const { step } = useParams();
  const navigate = useNavigate();
  const index = wizardStepIndex(step);
  if (index === -1) return <Navigate to={`/wizard/${FIRST_WIZARD_STEP}`} replace />;
  const current = WIZARD_STEPS[index]!;
  const goTo = (i: number) => navigate(`/wizard/${WIZARD_STEPS[i]!.slug}`);

  return (
    <Stack gap="lg" maw={960} mx="auto" py="md">
      <Stepper active={index} onStepClick={goTo} allowNextStepsSelect={false} size="sm">
        {WIZARD_STEPS.map((s) => (
          <Stepper.Step key={s.slug} label={s.label} />
        ))}
      </Stepper>

      <Paper withBorder radius="md" p="xl" data-testid="wizard-step" data-step={current.slug}>
        <Stack gap="md">
          <div>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              Step {index + 1} of {WIZARD_STEPS.length}
            </Text>
            <Title order={2}>{current.label}</Title>
            <Text c="dimmed">{current.about}</Text>
          </div>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color="gray" radius="md">
              <IconHammer size={16} />
            </ThemeIcon>
            <Text size="sm">
              The {current.label.toLowerCase()} step is being built and arrives in an upcoming release. Meanwhile you
              can make slides yourself in the full editor.
            </Text>
          </Group>
          <Group>
            <Button component={Link} to="/builder" variant="light" leftSection={<IconLayoutDashboard size={16} />}>
              Open the full editor
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Group justify="space-between">
        <Group gap="md">
          <Anchor href="/docs/" size="sm" target="_blank">
            <Group gap={4}>
              <IconHelp size={16} /> Help
            </Group>
          </Anchor>
          <Anchor href="/docs/faq/" size="sm" target="_blank">
            FAQ
          </Anchor>
        </Group>
        <Group>
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            disabled={index === 0}
            onClick={() => goTo(index - 1)}
          >
            Back
          </Button>
          <Button
            rightSection={<IconArrowRight size={16} />}
            disabled={index === WIZARD_STEPS.length - 1}
            onClick={() => goTo(index + 1)}
          >
            Next Step
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
