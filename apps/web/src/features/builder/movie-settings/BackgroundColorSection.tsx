import { Stack, Text } from '@mantine/core';
import { setMovieBackground } from '../../../builder/commands/movie-commands';
import { ColorField } from '../controls/ColorField';
import { builderEditor, useEditor } from '../editor-store';

/**
 * 'Background Color': the movie's background (D37), drawn under every slide whose own
 * background is none (and around a blob). A background of another type is replaced by a color.
 */
export function BackgroundColorSection() {
  const background = useEditor((s) => s.data.video.background);
  const color = background?.type === 'color' ? (background.color ?? null) : null;
  return (
    <Stack gap="xs" data-testid="movie-background">
      <Text size="xs" c="dimmed">
        Shows behind every slide that has no background of its own (black, or none).
      </Text>
      {background && background.type !== 'color' && background.type !== 'none' && (
        <Text size="xs" c="orange.8">
          The movie background is a {background.type} now; choosing a color replaces it.
        </Text>
      )}
      <ColorField
        value={color}
        apply={(next) => builderEditor.run(setMovieBackground, { color: next })}
        clear={() => builderEditor.run(setMovieBackground, { color: null })}
        gesture="setMovieBackground"
        testId="movie-background-color"
      />
    </Stack>
  );
}
