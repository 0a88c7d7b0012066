import { Anchor, Badge, Group, Text } from '@mantine/core';
import { type ContentSource, isSearchSource, mainKeyword } from '@reelwright/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { ArticleEditor } from './content/ArticleEditor';
import { ListicleBuilder } from './content/ListicleBuilder';
import { PasteBox } from './content/PasteBox';
import { QuizBuilder } from './content/QuizBuilder';
import { UrlImport } from './content/UrlImport';
import { SOURCE_CHOICES } from './keyword/sources';
import { ArticleSearch } from './search/ArticleSearch';
import { updateWizard, useWizard } from './use-wizard';

/** The way back from the editor to the screen the article came from. */
const RETURN_LABELS: Record<ContentSource, string> = {
  ezine: 'Choose another article',
  news: 'Choose another article',
  blog: 'Choose another article',
  url: 'Import another link',
  paste: 'Paste other text',
  listicle: 'Back to the listicle',
  quiz: 'Back to the quiz',
  edit: '',
};

/**
 * The content step (spec 001 §2, §4): the screen of the chosen source. Every source ends in the
 * article editor (source 'edit'), which Next checks before the slides step.
 */
export function ContentStep() {
  const wizard = useWizard();
  const source = wizard.source ?? 'edit';
  const origin = wizard.originalSource;
  const label = SOURCE_CHOICES.find((choice) => choice.value === (source === 'edit' ? origin : source))?.label;

  return (
    <>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Keyword
        </Text>
        <Badge variant="light" tt="none" size="lg">
          {mainKeyword(wizard.keyword) || '—'}
        </Badge>
        {label && (
          <>
            <Text size="sm" c="dimmed">
              from
            </Text>
            <Badge variant="outline" color="gray" tt="none" size="lg">
              {label}
            </Badge>
          </>
        )}
        {source === 'edit' && origin && origin !== 'edit' && (
          <Anchor
            component="button"
            type="button"
            size="sm"
            ml="auto"
            onClick={() =>
              updateWizard((draft) => {
                draft.source = origin;
              })
            }
            data-testid="back-to-source"
          >
            <Group gap={4}>
              <IconArrowBackUp size={16} />
              {RETURN_LABELS[origin]}
            </Group>
          </Anchor>
        )}
      </Group>
      <SourceScreen source={source} />
    </>
  );
}

function SourceScreen({ source }: { source: string }) {
  if (isSearchSource(source)) return <ArticleSearch key={source} type={source} />;
  switch (source) {
    case 'paste':
      return <PasteBox />;
    case 'url':
      return <UrlImport />;
    case 'listicle':
      return <ListicleBuilder />;
    case 'quiz':
      return <QuizBuilder />;
    default:
      return <ArticleEditor />;
  }
}
