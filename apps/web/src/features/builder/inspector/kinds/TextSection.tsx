import { Input, SegmentedControl, Select, Stack } from '@mantine/core';
import { DEFAULT_FONT_SIZE, RANGES, type TextItem } from '@reelwright/core';
import { FONT_CATALOGUE, REFERENCE_HEIGHT } from '@reelwright/scene';
import {
  IconAlignCenter,
  IconAlignLeft,
  IconAlignRight,
  IconLayoutAlignBottom,
  IconLayoutAlignMiddle,
  IconLayoutAlignTop,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ItemProps } from '../../../../builder/commands/item-commands';
import { setItemFields } from '../../../../builder/commands/style-commands';
import { SettingSlider } from '../../controls/SettingSlider';
import { builderEditor } from '../../editor-store';
import { ColorButton } from '../style/ColorButton';
import { CommitNumber, SettingSwitch } from '../style/InspectorParts';
import { FontName } from './FontName';

const FONT_OPTIONS = FONT_CATALOGUE.map((entry) => ({ value: entry.family, label: entry.family }));
const CATEGORY = new Map(FONT_CATALOGUE.map((entry) => [entry.family, entry.category]));

/** Font sizes are stored as a share of the stage height and shown in px of the 576-high stage (48 by default). */
const MIN_FONT_PX = 3;
const MAX_FONT_PX = REFERENCE_HEIGHT;

const icon = (node: ReactNode, label: string) => (
  <span title={label} style={{ display: 'flex', justifyContent: 'center' }}>
    {node}
  </span>
);

/**
 * The text section (spec 002 §2, §3, §9): the font family from the catalog (each name in its own
 * font), the size, the color and the bold color, horizontal and vertical alignment, padding
 * 0–200 and fit text.
 */
export function TextSection({ item, frameId }: { item: TextItem; frameId: string }) {
  const set = (props: ItemProps) => builderEditor.run(setItemFields, { frameId, id: item.id, props });
  const sizePx = Math.round(item.font.size * REFERENCE_HEIGHT);
  return (
    <Stack gap="sm" data-testid="text-section">
      <Select
        size="xs"
        label="Font"
        data={FONT_OPTIONS}
        value={item.font.family}
        searchable
        allowDeselect={false}
        nothingFoundMessage="No font by that name"
        maxDropdownHeight={280}
        renderOption={({ option }) => <FontName family={option.value} category={CATEGORY.get(option.value)} />}
        onChange={(family) => family && set({ font: { ...item.font, family } })}
        styles={{ input: { fontFamily: `"${item.font.family}", sans-serif` } }}
        data-testid="text-font"
      />
      <CommitNumber
        label="Size (px)"
        description={`On a ${REFERENCE_HEIGHT} px high stage; default ${Math.round(DEFAULT_FONT_SIZE * REFERENCE_HEIGHT)}.`}
        min={MIN_FONT_PX}
        max={MAX_FONT_PX}
        value={sizePx}
        onCommit={(px) => set({ font: { ...item.font, size: px / REFERENCE_HEIGHT } })}
        data-testid="text-size"
      />
      <ColorButton
        label="Color"
        value={item.color}
        apply={(color) => set({ color })}
        gesture={setItemFields.name}
        testId="text-color"
      />
      <ColorButton
        label="Bold color"
        value={item.boldColor ?? null}
        apply={(boldColor) => set({ boldColor })}
        clear={() => set({ boldColor: undefined })}
        gesture={setItemFields.name}
        testId="text-bold-color"
      />
      <Input.Wrapper label="Alignment" size="xs">
        <Stack gap={4} mt={2}>
          <SegmentedControl
            size="xs"
            fullWidth
            value={item.align}
            onChange={(align) => set({ align: align as TextItem['align'] })}
            data={[
              { value: 'left', label: icon(<IconAlignLeft size={14} />, 'Left') },
              { value: 'center', label: icon(<IconAlignCenter size={14} />, 'Center') },
              { value: 'right', label: icon(<IconAlignRight size={14} />, 'Right') },
            ]}
            aria-label="Horizontal alignment"
            data-testid="text-align"
          />
          <SegmentedControl
            size="xs"
            fullWidth
            value={item.verticalAlign}
            onChange={(verticalAlign) => set({ verticalAlign: verticalAlign as TextItem['verticalAlign'] })}
            data={[
              { value: 'top', label: icon(<IconLayoutAlignTop size={14} />, 'Top') },
              { value: 'middle', label: icon(<IconLayoutAlignMiddle size={14} />, 'Middle') },
              { value: 'bottom', label: icon(<IconLayoutAlignBottom size={14} />, 'Bottom') },
            ]}
            aria-label="Vertical alignment"
            data-testid="text-vertical-align"
          />
        </Stack>
      </Input.Wrapper>
      <SettingSlider
        label="Padding"
        value={item.padding}
        min={RANGES.padding.min}
        max={RANGES.padding.max}
        step={1}
        format={(value) => `${Math.round(value)} px`}
        gesture={setItemFields.name}
        apply={(padding) => set({ padding })}
        testId="text-padding"
      />
      <SettingSwitch
        label="Fit text"
        checked={item.fitText}
        onChange={(fitText) => set({ fitText })}
        testId="text-fit"
      />
    </Stack>
  );
}
