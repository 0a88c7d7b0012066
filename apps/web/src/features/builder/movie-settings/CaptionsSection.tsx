import { SegmentedControl, Stack, Text } from '@mantine/core';
import { type CaptionSettings, movieCaptionWords } from '@reelwright/core';
import { setCaptions } from '../../../builder/commands/movie-commands';
import { builderEditor, useEditor } from '../editor-store';
import { CAPTION_STYLE_OPTIONS, captionsHint } from './settings-rules';

/**
 * 'Captions' (D68): burned-in captions made from the narration's timed words, drawn by the
 * renderer so the preview shows what the export will. One undo step per choice.
 */
export function CaptionsSection() {
  const style: CaptionSettings['style'] = useEditor((s) => s.data.video.captions?.style ?? 'off');
  const timedWords = useEditor((s) => movieCaptionWords(s.data.video).length);
  return (
    <Stack gap="xs" data-testid="movie-captions">
      <SegmentedControl
        size="xs"
        fullWidth
        value={style}
        data={CAPTION_STYLE_OPTIONS}
        onChange={(next) => builderEditor.run(setCaptions, { style: next })}
        data-testid="movie-captions-style"
      />
      <Text size="xs" c="dimmed" data-testid="movie-captions-hint">
        {captionsHint(style, timedWords)}
      </Text>
    </Stack>
  );
}
