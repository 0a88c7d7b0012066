import { Alert, Button, Center, ColorInput, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { HexColorSchema, messages, PALETTE_COLORS } from '@reelwright/core';
import { IconLogin, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { NewItemSource } from '../../../builder/new-items';
import { useAuthPopupOpener } from '../../account/auth-popup-store';
import { isLoggedIn, useUser } from '../../account/use-user';
import { useMediaEngines } from '../../wizard/slides/design/design-api';
import { engineLabel } from '../../wizard/slides/design/engines';
import { isLight } from '../controls/ColorField';
import {
  COLORED_TABS,
  DEFAULT_DRAWING_COLOR,
  DEFAULT_KEYWORD,
  lastEngineKey,
  lastEngineValue,
  mimeTypeOf,
  pickSource,
  type SearchRequest,
  searchRequest,
  showSourceSelect,
  sourceOfResult,
  sourcesFor,
  type SearchTab as Tab,
} from './add-rules';
import { ResultGrid } from './ResultGrid';
import { searchMedia } from './search-api';
import { UploadControl } from './UploadControl';

const LOGIN_TO_ADD = 'Log in to search and upload media';

const readStored = (tab: Tab) => {
  try {
    return localStorage.getItem(lastEngineKey(tab));
  } catch {
    return null;
  }
};
const remember = (tab: Tab, engine: string) => {
  try {
    localStorage.setItem(lastEngineKey(tab), lastEngineValue(tab, engine));
  } catch {
    // storage full or blocked: the choice is simply not remembered
  }
};

/**
 * One search tab of the add-item panel (spec 002 §2): a keyword box ('happy' to start), the
 * source dropdown when the tab has more than one, the Upload button, and the results. The tab
 * searches as it opens; a submit while a search runs is not sent.
 */
export function SearchTab({ tab, onAdd }: { tab: Tab; onAdd(source: NewItemSource): void }) {
  const { data: user } = useUser();
  const member = isLoggedIn(user);
  const openAuthPopup = useAuthPopupOpener();
  const { data: engines = [] } = useMediaEngines();
  const { width } = useViewportSize();
  const sources = sourcesFor(tab, engines);
  const [chosen, setChosen] = useState<string | null>(null);
  const engine = chosen && (sources as string[]).includes(chosen) ? chosen : pickSource(tab, sources, readStored(tab));
  const [keyword, setKeyword] = useState(DEFAULT_KEYWORD);
  const [request, setRequest] = useState<SearchRequest | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const colored = COLORED_TABS.includes(tab);
  const [color, setColor] = useState(DEFAULT_DRAWING_COLOR);

  const search = useQuery({
    queryKey: ['builder', 'media-search', request],
    queryFn: ({ signal }) => searchMedia(request!, signal),
    enabled: member && request !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const searching = search.isFetching;

  const submit = (words: string, from: string | undefined = engine, drawIn = color) => {
    const next = searchRequest({ tab, engine: from, keyword: words, searching, color: drawIn });
    if (next === null) return;
    if ('error' in next) {
      setProblem(next.error);
      return;
    }
    setProblem(null);
    setRequest(next);
  };
  // The first search, with the default keyword, as soon as the tab knows its engine.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first engine known starts it
  useEffect(() => {
    if (member && engine && request === null) submit(keyword);
  }, [member, engine]);

  if (!member) {
    return (
      <Alert variant="light" color="blue" icon={<IconLogin size={18} />} data-testid="add-login">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{LOGIN_TO_ADD}</Text>
          <Button size="xs" onClick={() => openAuthPopup({ title: LOGIN_TO_ADD, tab: 'login' })}>
            Log in
          </Button>
        </Stack>
      </Alert>
    );
  }

  const kind = mimeTypeOf(tab);
  const layout = tab === 'audio' ? 'rows' : tab === 'image' || tab === 'video' || tab === 'giphy' ? 'wide' : 'squares';
  return (
    <Stack gap="xs" data-testid={`add-tab-${tab}`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit(keyword);
        }}
      >
        <Group gap={6} wrap="nowrap">
          <TextInput
            size="xs"
            flex={1}
            aria-label="Keyword"
            placeholder="Search…"
            leftSection={<IconSearch size={14} />}
            value={keyword}
            onChange={(event) => setKeyword(event.currentTarget.value)}
            error={problem !== null}
            data-testid="add-keyword"
          />
          <Button size="xs" type="submit" loading={searching} disabled={!engine} data-testid="add-search">
            Search
          </Button>
        </Group>
      </form>
      {problem && (
        <Text size="xs" c="red" role="alert">
          {problem}
        </Text>
      )}
      <Group gap={6} wrap="nowrap" justify="space-between">
        {showSourceSelect(sources, width) ? (
          <Select
            size="xs"
            flex={1}
            aria-label="Source"
            value={engine ?? null}
            data={sources.map((name) => ({ value: name, label: engineLabel(name) }))}
            allowDeselect={false}
            onChange={(value) => {
              if (!value || value === engine) return;
              setChosen(value);
              remember(tab, value);
              submit(keyword, value);
            }}
            data-testid="add-source"
          />
        ) : (
          <Text size="xs" c="dimmed">
            {engine ? `From ${engineLabel(engine)}` : ''}
          </Text>
        )}
        <UploadControl kind={kind} onAdd={onAdd} />
      </Group>
      {colored && (
        <ColorInput
          size="xs"
          label="Color"
          format="hex"
          swatches={[...PALETTE_COLORS]}
          swatchesPerRow={10}
          value={color}
          onChange={setColor}
          onChangeEnd={(value) => {
            if (HexColorSchema.safeParse(value).success) submit(keyword, engine, value);
          }}
          data-testid="add-color"
        />
      )}
      {!engine ? (
        <Text size="sm" c="dimmed" data-testid="add-no-source">
          No {tab === 'giphy' ? 'Giphy' : tab} search is set up on this server. Upload a file or paste a link instead.
        </Text>
      ) : searching ? (
        <Center h={80}>
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="xs" c="dimmed">
              {messages.searchingSource(engineLabel(engine))}
            </Text>
          </Group>
        </Center>
      ) : search.error ? (
        <Alert color="red" variant="light" data-testid="add-search-error">
          {(search.error as Error).message}
        </Alert>
      ) : search.data && search.data.length === 0 && request ? (
        <Text size="sm" c="dimmed">
          {messages.noResultsFor(request.q)}
        </Text>
      ) : (
        <ResultGrid
          results={search.data ?? []}
          layout={layout}
          dark={colored && isLight(color)}
          sourceOf={(result) => sourceOfResult(tab, engine, result)}
          onAdd={onAdd}
        />
      )}
    </Stack>
  );
}
