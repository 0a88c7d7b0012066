import { ActionIcon, ColorInput, Group, Paper, Tooltip } from '@mantine/core';
import type { TextItem } from '@reelwright/core';
import { IconBold, IconItalic, IconUnderline } from '@tabler/icons-react';
import { useLayoutEffect, useRef } from 'react';
import { drawnBox } from '../../../builder/tools/geometry';
import { builderEditor, useLiveEditor } from '../editor-store';
import { htmlToParagraphs, paragraphsToHtml } from './rich-text';

/** Heights in the model are px of a 576-high stage (padding) or fractions of the stage height (font). */
const REFERENCE_HEIGHT = 576;

/** The words selected when the area last lost focus (to the colour picker), to format them. */
let lastSelection: Range | null = null;

/**
 * Edits a text item's words where it stands (double click): an editable area over the item with
 * its font, size, colour and alignment, and a small bar for bold, italic, underline and colour.
 * Each input is an edit of the item (a burst of typing is one undo step); leaving the area or
 * Escape ends editing. The stage leaves the item out of its picture meanwhile.
 */
export function InPlaceTextEditor({ scale }: { scale: number }) {
  const item = useLiveEditor((s) => {
    const frame = s.data.video.frames.find((f) => f.id === s.session.frameId);
    const found = frame?.items.find((candidate) => candidate.id === s.session.editingTextId);
    return found?.type === 'text' ? found : null;
  });
  const playhead = useLiveEditor((s) => s.session.playhead);
  const size = useLiveEditor((s) => s.data.video.size);
  if (!item) return null;
  const box = drawnBox(item, playhead, size);
  return (
    <div
      data-stage-own-input
      style={{
        position: 'absolute',
        left: box.x * scale,
        top: box.y * scale,
        width: box.width * scale,
        height: box.height * scale,
        transform: box.rotate ? `rotate(${box.rotate}deg)` : undefined,
      }}
    >
      <FormatBar />
      <EditableText
        key={item.id}
        item={item}
        unit={(size.height / REFERENCE_HEIGHT) * scale}
        stageHeight={size.height * scale}
      />
    </div>
  );
}

function EditableText({ item, unit, stageHeight }: { item: TextItem; unit: number; stageHeight: number }) {
  const area = useRef<HTMLDivElement>(null);

  // The words are set once; after that the area is the author's, and each input is read back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the item's first words fill the area.
  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    element.innerHTML = paragraphsToHtml(item.paragraphs);
    element.focus();
    const range = document.createRange();
    range.selectNodeContents(element);
    range.collapse(false);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    document.execCommand('styleWithCSS', false, 'true');
  }, [item.id]);

  const justify = item.verticalAlign === 'top' ? 'flex-start' : item.verticalAlign === 'bottom' ? 'flex-end' : 'center';
  return (
    // biome-ignore lint/a11y/useSemanticElements: rich text (bold, italic, colour runs) needs an editable area, not a textarea.
    <div
      ref={area}
      contentEditable
      suppressContentEditableWarning
      role="textbox"
      aria-multiline
      aria-label="Text"
      tabIndex={0}
      data-testid="text-editor"
      onInput={(event) => builderEditor.editText(htmlToParagraphs(event.currentTarget))}
      onBlur={(event) => {
        const selection = window.getSelection();
        lastSelection = selection && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : null;
        // Focus moving to the format bar (or the colour picker's dropdown) keeps editing.
        const to = event.relatedTarget;
        if (!to?.closest('[data-format-bar], .mantine-ColorInput-dropdown')) builderEditor.stopTextEditing();
      }}
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: justify,
        boxSizing: 'border-box',
        padding: item.padding * unit,
        outline: '2px solid #4dabf7',
        background: 'rgb(255 255 255 / 0.06)',
        color: item.color,
        fontFamily: `"${item.font.family}", sans-serif`,
        fontSize: item.font.size * stageHeight,
        lineHeight: item.font.lineHeight,
        textAlign: item.align,
        direction: item.direction,
        overflow: 'hidden',
        cursor: 'text',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'break-word',
      }}
    />
  );
}

/** Bold, italic, underline and colour for the selected words (the model's rich text). */
function FormatBar() {
  const format = (command: string, value?: string) => {
    const area = document.querySelector<HTMLElement>('[data-testid="text-editor"]');
    if (!area) return;
    if (document.activeElement !== area) {
      area.focus();
      if (lastSelection) {
        window.getSelection()?.removeAllRanges();
        window.getSelection()?.addRange(lastSelection);
      }
    }
    document.execCommand(command, false, value);
    builderEditor.editText(htmlToParagraphs(area));
  };
  // Keep the words selected: the buttons must not take focus from the area.
  const keepFocus = (event: { preventDefault(): void }) => event.preventDefault();
  return (
    <Paper
      data-format-bar
      shadow="sm"
      p={4}
      radius="sm"
      withBorder
      style={{ position: 'absolute', bottom: '100%', left: 0, marginBottom: 8, zIndex: 2 }}
    >
      <Group gap={4} wrap="nowrap">
        <Tooltip label="Bold (Ctrl+B)">
          <ActionIcon variant="subtle" aria-label="Bold" onMouseDown={keepFocus} onClick={() => format('bold')}>
            <IconBold size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Italic (Ctrl+I)">
          <ActionIcon variant="subtle" aria-label="Italic" onMouseDown={keepFocus} onClick={() => format('italic')}>
            <IconItalic size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Underline (Ctrl+U)">
          <ActionIcon
            variant="subtle"
            aria-label="Underline"
            onMouseDown={keepFocus}
            onClick={() => format('underline')}
          >
            <IconUnderline size={16} />
          </ActionIcon>
        </Tooltip>
        <ColorInput
          size="xs"
          w={120}
          aria-label="Text color"
          placeholder="#ffffff"
          format="hex"
          onMouseDown={keepFocus}
          onChangeEnd={(color) => format('foreColor', color)}
        />
      </Group>
    </Paper>
  );
}
