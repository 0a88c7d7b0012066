import { Select } from '@mantine/core';
import { FONT_CATALOGUE } from '@reelwright/scene';
import { FontName } from '../inspector/kinds/FontName';

const FONT_OPTIONS = FONT_CATALOGUE.map((entry) => ({ value: entry.family, label: entry.family }));
const CATEGORY = new Map(FONT_CATALOGUE.map((entry) => [entry.family, entry.category]));

/**
 * The text watermark's font (spec 002 §3 watermark style.fontFamily; D93), from the same catalogue
 * as a text item's, each name written in its font. One undo step per choice.
 */
export function WatermarkFont({ family, onChange }: { family: string; onChange(family: string): void }) {
  return (
    <Select
      size="xs"
      label="Font"
      data={FONT_OPTIONS}
      value={family}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No font by that name"
      maxDropdownHeight={280}
      renderOption={({ option }) => <FontName family={option.value} category={CATEGORY.get(option.value)} />}
      onChange={(next) => next && next !== family && onChange(next)}
      styles={{ input: { fontFamily: `"${family}", sans-serif` } }}
      data-testid="movie-watermark-font"
    />
  );
}
