import { Anchor, List, Modal, Stack, Text } from '@mantine/core';
import { FAQ_LINK, helpLinkFor } from './wizard-steps';

type Tutorial = { title: string; steps: string[] };

/** The tutorial of each source (spec 001 §2: listicle, news, quiz, otherwise a default). */
const TUTORIALS: Record<'listicle' | 'news' | 'quiz' | 'default', Tutorial> = {
  listicle: {
    title: 'Making a listicle video',
    steps: [
      'Enter the topic as the keyword and choose "Listicle".',
      'Pick an idea from the categories, or write your own title.',
      'Add at least two items, each with a name and a line of trivia. Countdown order and numbering are on by default.',
      'Next Step turns the list into an article you can still edit, then into slides.',
    ],
  },
  news: {
    title: 'Making a news video',
    steps: [
      'Enter the news topic as the keyword and choose "News".',
      'Click the story you want from the list; its text is fetched for you.',
      'Shorten it in the editor: about 550 words make a video of a few minutes.',
      'Next Step makes the slides, narration and images.',
    ],
  },
  quiz: {
    title: 'Making a quiz video',
    steps: [
      'Enter the quiz topic as the keyword and choose "Quiz".',
      'Write at least two questions. A multiple-choice question needs two or more choices and the correct one marked.',
      'Add an explanation: it is read out after the answer.',
      'Next Step turns the quiz into an article you can still edit, then into slides.',
    ],
  },
  default: {
    title: 'Your first video',
    steps: [
      'Enter a keyword: the first one is the main topic, more can follow after commas.',
      'Choose where the text comes from: a web search (recommended), news, blogs, a link, or your own text.',
      'Check the article in the editor; keep it under 550 words.',
      'Next Step makes the slides with narration and images, ready to customize and publish.',
    ],
  },
};

const tutorialFor = (source: string | undefined): Tutorial =>
  source === 'listicle' || source === 'news' || source === 'quiz' ? TUTORIALS[source] : TUTORIALS.default;

/** The wizard's 'Video Tutorial' popup: a walk-through for the chosen source. */
export function WizardTutorialPopup({
  opened,
  onClose,
  source,
}: {
  opened: boolean;
  onClose(): void;
  source: string | undefined;
}) {
  const tutorial = tutorialFor(source);
  return (
    <Modal opened={opened} onClose={onClose} title={tutorial.title} size="lg">
      <Stack gap="md" data-testid="wizard-tutorial">
        <List type="ordered" spacing="sm">
          {tutorial.steps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed">
          More in the <Anchor href={helpLinkFor(source)}>guide</Anchor> and the <Anchor href={FAQ_LINK}>FAQ</Anchor>.
        </Text>
      </Stack>
    </Modal>
  );
}
