import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages } from '@reelwright/core';
import { IconDownload, IconLink } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ApiRequestError } from '../../../lib/api';
import { useStepHooks } from '../step-hooks';
import { updateWizard, useWizard } from '../use-wizard';
import { urlProblem } from './article-url';
import { contentApi } from './content-api';
import { finishContent } from './finish-content';

/**
 * URL import (source 'url', spec 001 §2): Import and Next Step both fetch the article; on success
 * it fills the wizard and the editor shows (the step stays); on failure a red toast gives the
 * server's message.
 */
export function UrlImport() {
  const wizard = useWizard();
  const url = wizard.url ?? '';
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);

  const importArticle = async (): Promise<boolean> => {
    if (busy.current) return false;
    const problem = urlProblem(url);
    setError(problem);
    if (problem) return false;
    busy.current = true;
    setLoading(true);
    try {
      const address = url.trim();
      const article = await contentApi.fetchArticle(address);
      finishContent({ title: article.title, body: article.body, url: address });
    } catch (failure) {
      const message =
        failure instanceof ApiRequestError && failure.message ? failure.message : messages.articleFetchFailed();
      notifications.show({ color: 'red', title: 'Import failed', message, autoClose: 8000 });
    } finally {
      busy.current = false;
      setLoading(false);
    }
    return false;
  };

  useStepHooks({ validate: importArticle });

  return (
    <Stack gap="xs" data-testid="url-import">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void importArticle();
        }}
      >
        <Text component="label" htmlFor="url-import-address" size="sm" fw={500} display="block" mb={4}>
          Article address{' '}
          <Text span c="red" aria-hidden>
            *
          </Text>
        </Text>
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextInput
            id="url-import-address"
            type="url"
            required
            placeholder="https://example.com/article"
            leftSection={<IconLink size={16} />}
            style={{ flex: 1 }}
            size="md"
            autoFocus
            value={url}
            disabled={loading}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (error) setError(null);
              updateWizard((draft) => {
                draft.url = value;
              });
            }}
            error={error}
            data-testid="url-input"
          />
          <Button
            type="submit"
            size="md"
            loading={loading}
            disabled={loading}
            leftSection={<IconDownload size={16} />}
            data-testid="url-import-button"
          >
            Import
          </Button>
        </Group>
      </form>
      <Text size="sm" c="dimmed">
        We fetch the article's title and text; you can edit both before making slides.
      </Text>
    </Stack>
  );
}
