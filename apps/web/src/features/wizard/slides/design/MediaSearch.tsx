import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { messages } from '@reelwright/core';
import { IconLink, IconLogin, IconSearch, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiRequestError } from '../../../../lib/api';
import { useAuthPopup } from '../../../account/auth-popup-store';
import classes from './DesignPanel.module.css';
import { designApi, type MediaResult, type UploadedMedia, useMediaEngines } from './design-api';
import { THUMB_DRAG_TYPE } from './drop-rules';
import {
  engineLabel,
  enginesFor,
  isUrlKeyword,
  LAST_ENGINE_STORAGE_KEY,
  lastEngineValue,
  type MediaType,
  parseLastEngine,
  pickEngine,
} from './engines';

export const LOGIN_TO_SEARCH = 'Log in to search for media';

type Props = {
  /** The words the field starts with (the line's keyword); the panel remounts this per line. */
  initialKeyword: string;
  /** A visitor sees the login prompt instead of the search. */
  member: boolean;
  /** Replacing a picture: shows the banner and its cancel button. */
  replacing: boolean;
  onCancelReplace(): void;
  /** A result was chosen (or a URL imported). */
  onPick(found: MediaResult, type: MediaType): void;
};

const readStored = () => {
  try {
    return localStorage.getItem(LAST_ENGINE_STORAGE_KEY);
  } catch {
    return null;
  }
};

/**
 * The media search (spec 001 §2, §9): image or video, one tab per engine the server offers, a
 * grid of up to 50 results. Clicking a result picks it; results can also be dragged onto a
 * thumbnail. A web address as keyword is imported directly (uploads/url). The last engine is
 * remembered as '{type}-{engine}'.
 */
export function MediaSearch({ initialKeyword, member, replacing, onCancelReplace, onPick }: Props) {
  const openAuth = useAuthPopup((s) => s.open);
  const { data: engines = [] } = useMediaEngines();
  const [type, setType] = useState<MediaType>(() => parseLastEngine(readStored())?.type ?? 'image');
  const offered = enginesFor(type, engines);
  const [chosenEngine, setChosenEngine] = useState<string | null>(null);
  const engine =
    chosenEngine && offered.includes(chosenEngine) ? chosenEngine : pickEngine(type, offered, readStored());
  const [input, setInput] = useState(initialKeyword);
  // Nothing is searched until the author asks: every slide card has a panel, and searches draw into storage.
  const [keyword, setKeyword] = useState('');
  const [importing, setImporting] = useState(false);
  const [importError, setImportError] = useState<string | null>(null);

  const remember = (nextType: MediaType, nextEngine: string | undefined) => {
    if (!nextEngine) return;
    try {
      localStorage.setItem(LAST_ENGINE_STORAGE_KEY, lastEngineValue(nextType, nextEngine));
    } catch {
      // storage full or blocked: the choice is simply not remembered
    }
  };

  const search = useQuery({
    queryKey: ['wizard', 'media-search', type, engine, keyword],
    queryFn: ({ signal }) => designApi.search({ source: engine!, keyword, type }, signal),
    enabled: member && !!engine && keyword !== '' && !isUrlKeyword(keyword),
    staleTime: 5 * 60_000,
    retry: false,
  });

  const submit = async () => {
    const words = input.trim();
    setImportError(null);
    if (!isUrlKeyword(words)) {
      setKeyword(words);
      return;
    }
    setImporting(true);
    try {
      const found: UploadedMedia = await designApi.importUrl(words);
      if (found.type === 'audio') setImportError('That address is an audio file; choose a picture or a clip.');
      else onPick(found, found.type);
    } catch (error) {
      setImportError((error as Error).message);
    } finally {
      setImporting(false);
    }
  };

  const unauthorized = !member || (search.error instanceof ApiRequestError && search.error.status === 401);
  if (unauthorized) {
    return (
      <Alert variant="light" color="blue" icon={<IconLogin size={18} />} data-testid="media-search-login">
        <Group justify="space-between" gap="xs">
          <Text size="sm">{LOGIN_TO_SEARCH}</Text>
          <Button
            size="xs"
            onClick={() => openAuth({ title: LOGIN_TO_SEARCH, tab: 'login' })}
            data-testid="media-search-login-button"
          >
            Log in
          </Button>
        </Group>
      </Alert>
    );
  }

  const results = search.data ?? [];
  return (
    <Stack gap={6} data-testid="media-search">
      {replacing && (
        <Group gap="xs" justify="space-between" wrap="nowrap" data-testid="media-replace-banner">
          <Text size="xs" c="blue">
            Choose a picture to replace the selected one
          </Text>
          <ActionIcon size="sm" variant="subtle" aria-label="Cancel replacing" onClick={onCancelReplace}>
            <IconX size={14} />
          </ActionIcon>
        </Group>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Group gap={6} wrap="nowrap">
          <TextInput
            size="xs"
            flex={1}
            aria-label="Search media, or paste a link"
            placeholder="Search media, or paste a link"
            value={input}
            onChange={(e) => setInput(e.currentTarget.value)}
            leftSection={isUrlKeyword(input) ? <IconLink size={14} /> : <IconSearch size={14} />}
            data-testid="media-search-input"
          />
          <SegmentedControl
            size="xs"
            value={type}
            onChange={(value) => {
              const nextType = value as MediaType;
              setType(nextType);
              setChosenEngine(null);
              remember(nextType, pickEngine(nextType, enginesFor(nextType, engines), readStored()));
            }}
            data={[
              { value: 'image', label: 'Image' },
              { value: 'video', label: 'Video' },
            ]}
            aria-label="Media type"
            data-testid="media-search-type"
          />
          <Button size="xs" type="submit" loading={importing} data-testid="media-search-submit">
            {isUrlKeyword(input) ? 'Import' : 'Search'}
          </Button>
        </Group>
      </form>
      {offered.length > 0 && (
        <Tabs
          value={engine ?? null}
          onChange={(value) => {
            if (!value) return;
            setChosenEngine(value);
            remember(type, value);
          }}
          variant="pills"
          radius="xl"
        >
          <ScrollArea type="never">
            <Tabs.List style={{ flexWrap: 'nowrap' }}>
              {offered.map((name) => (
                <Tabs.Tab key={name} value={name} fz="xs" py={4} px={10} data-testid={`media-engine-${name}`}>
                  {engineLabel(name)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </ScrollArea>
        </Tabs>
      )}
      {importError && (
        <Text size="xs" c="red" role="alert">
          {importError}
        </Text>
      )}
      <ResultsGrid
        loading={search.isFetching || importing}
        error={search.error ? (search.error as Error).message : null}
        keyword={keyword}
        engine={engine}
        results={results}
        type={type}
        replacing={replacing}
        onPick={onPick}
      />
    </Stack>
  );
}

/** Engines may answer the same address twice; each shows once (and keys stay unique). */
const uniqueByUrl = (results: MediaResult[]) => [...new Map(results.map((r) => [r.url, r])).values()];

function ResultsGrid(props: {
  loading: boolean;
  error: string | null;
  keyword: string;
  engine: string | undefined;
  results: MediaResult[];
  type: MediaType;
  replacing: boolean;
  onPick(found: MediaResult, type: MediaType): void;
}) {
  const { loading, error, keyword, engine, results, type } = props;
  if (loading) {
    return (
      <Center h={64} data-testid="media-search-loading">
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="xs" c="dimmed">
            {messages.searchingSource(engineLabel(engine ?? ''))}
          </Text>
        </Group>
      </Center>
    );
  }
  if (error) {
    return (
      <Text size="xs" c="red" role="alert">
        {error}
      </Text>
    );
  }
  if (!keyword) return null;
  if (results.length === 0) {
    return (
      <Text size="xs" c="dimmed" ta="center" py="sm" data-testid="media-search-empty">
        {messages.noResultsFor(keyword)}
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={210} type="auto" offsetScrollbars>
      <div className={classes.results} data-testid="media-search-results">
        {uniqueByUrl(results).map((result, index) => (
          <UnstyledButton
            key={result.url}
            className={classes.result}
            onClick={() => props.onPick(result, type)}
            aria-label={`${props.replacing ? 'Replace with' : 'Add'} ${result.name || `result ${index + 1}`}`}
            title={result.name}
            draggable
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'copy';
              event.dataTransfer.setData(
                THUMB_DRAG_TYPE,
                JSON.stringify({ slideId: 'search', textId: 'search', mediaId: '', type, found: result }),
              );
            }}
            data-testid="media-search-result"
          >
            <img src={result.thumbnail || result.url} alt="" loading="lazy" draggable={false} />
            {type === 'video' && result.duration ? (
              <Badge size="xs" variant="filled" color="dark" className={classes.thumbBadge}>
                {Math.round(result.duration)} s
              </Badge>
            ) : null}
          </UnstyledButton>
        ))}
      </div>
    </ScrollArea.Autosize>
  );
}
