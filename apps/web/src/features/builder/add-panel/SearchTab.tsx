import { Alert, Button, Center, ColorInput, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { HexColorSchema, messages, PALETTE_COLORS } from '@reelwright/core';
import { IconLayoutGrid, IconLogin, IconSearch, IconSquareRoundedPlus } from '@tabler/icons-react';
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
  fallbackRequest,
  lastEngineKey,
  lastEngineValue,
  mimeTypeOf,
  openingKeyword,
  openingRequest,
  pickSource,
  type SearchRequest,
  searchRequest,
  showSourceSelect,
  sourceOfResult,
  sourcesFor,
  type SearchTab as Tab,
} from './add-rules';
import { newGallery, newPanel } from './containers';
import { ResultGrid } from './ResultGrid';
import { searchMedia } from './search-api';
import { UploadControl } from './UploadControl';

const LOGIN_TO_ADD = 'Log in to search and upload media';
/** An engine that lists its content holds nothing yet (the member's library, before an upload). */
const NOTHING_YET = 'Nothing here yet. Upload a file or paste a link.';

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
 * One search tab of the add-item panel (spec 002 §2): a keyword box, the source dropdown when the
 * tab has more than one, the Upload button, and the results. The tab opens on content (D93): the
 * shapes and the member's library list what they hold, other tabs search 'happy', and an opening
 * search that finds nothing lists the engine's content instead. A submit while a search runs
 * replaces it: the latest words win.
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
  const [keyword, setKeyword] = useState(() => openingKeyword(tab, undefined));
  const [request, setRequest] = useState<SearchRequest | null>(null);
  /** The search the tab (or a change of source) opened on, until the author searches words of their own. */
  const [opening, setOpening] = useState<SearchRequest | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const colored = COLORED_TABS.includes(tab);
  const [color, setColor] = useState(DEFAULT_DRAWING_COLOR);

  const search = useQuery({
    queryKey: ['builder', 'media-search', request],
    queryFn: ({ signal }) => searchMedia(request!, signal),
    enabled: member && request !== null,
    // The member's library changes with each upload: asked again each time; the rest for 5 min.
    staleTime: request?.engine === 'library' ? 0 : 5 * 60_000,
    retry: false,
  });
  const searching = search.isFetching;

  const submit = (words: string, from: string | undefined = engine, drawIn = color) => {
    const next = searchRequest({ tab, engine: from, keyword: words, color: drawIn });
    if (next === null) return;
    if ('error' in next) {
      setProblem(next.error);
      return;
    }
    setProblem(null);
    setOpening(null);
    setRequest(next);
  };
  /** Opens the tab (or a newly chosen source) on its content. */
  const open = (from: string | undefined) => {
    const next = openingRequest({ tab, engine: from, color });
    if (next === null) return;
    setProblem(null);
    setKeyword(next.q);
    setOpening(next);
    setRequest(next);
  };
  // The opening search, as soon as the tab knows its engine.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first engine known starts it
  useEffect(() => {
    if (member && engine && request === null) open(engine);
  }, [member, engine]);
  // An opening search that found nothing shows the engine's content instead, where it lists one.
  useEffect(() => {
    if (!opening || request !== opening || search.isFetching || search.data?.length !== 0) return;
    const instead = fallbackRequest(opening);
    if (!instead) return;
    setKeyword(instead.q);
    setOpening(instead);
    setRequest(instead);
  }, [opening, request, search.isFetching, search.data]);

  // A panel needs no search: visitors add one too.
  const panelButton = tab === 'shapes' && (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconSquareRoundedPlus size={16} />}
      onClick={() => onAdd(newPanel())}
      data-testid="add-panel-item"
    >
      Add a panel
    </Button>
  );

  if (!member) {
    return (
      <Stack gap="xs">
        {panelButton}
        <Alert variant="light" color="blue" icon={<IconLogin size={18} />} data-testid="add-login">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{LOGIN_TO_ADD}</Text>
            <Button size="xs" onClick={() => openAuthPopup({ title: LOGIN_TO_ADD, tab: 'login' })}>
              Log in
            </Button>
          </Stack>
        </Alert>
      </Stack>
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
          <Button size="xs" type="submit" disabled={!engine} data-testid="add-search">
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
              // Still on the opening words: the new source opens on its content too.
              if (opening) open(value);
              else submit(keyword, value);
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
      {panelButton}
      {tab === 'image' && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconLayoutGrid size={16} />}
          disabled={searching || !search.data?.length}
          title="A gallery of the first four pictures shown; change them in the inspector"
          onClick={() => onAdd(newGallery(search.data ?? []))}
          data-testid="add-gallery"
        >
          Add a gallery of these pictures
        </Button>
      )}
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
            // The pictures shown are drawn again in the new colour.
            if (HexColorSchema.safeParse(value).success && request) {
              const redrawn = { ...request, color: value };
              if (opening === request) setOpening(redrawn);
              setRequest(redrawn);
            }
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
        <Text size="sm" c="dimmed" data-testid="add-no-results">
          {request.q ? messages.noResultsFor(request.q) : NOTHING_YET}
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
