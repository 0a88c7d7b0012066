import { Box as Space } from '@mantine/core';
import type { Box, Item, Seconds } from '@reelwright/core';
import {
  SCALE_MAX_PERCENT,
  SCALE_MIN_PERCENT,
  scaleItem,
  scalePercent,
} from '../../../builder/commands/scale-commands';
import { MIN_RESIZE_PX } from '../../../builder/tools/transform';
import { SettingSlider } from '../controls/SettingSlider';
import { builderEditor, useEditor } from '../editor-store';

/**
 * Scale, beside the size fields (D91): the item's larger side as a share of the stage, changed
 * about its centre with its proportions kept. A drag is one undo step; Escape takes it back.
 */
export function ScaleSlider({
  item,
  frameId,
  box,
  keyframeDelay,
}: {
  item: Item;
  frameId: string;
  /** Where the item (or the keyframe at the playhead) stands now. */
  box: Box;
  keyframeDelay?: Seconds;
}) {
  const size = useEditor((s) => s.data.video.size);
  const minSide = { width: MIN_RESIZE_PX / size.width, height: MIN_RESIZE_PX / size.height };
  return (
    <Space mt="sm">
      <SettingSlider
        label="Scale"
        value={Math.min(Math.max(scalePercent(box), SCALE_MIN_PERCENT), SCALE_MAX_PERCENT)}
        min={SCALE_MIN_PERCENT}
        max={SCALE_MAX_PERCENT}
        step={1}
        format={(value) => `${Math.round(value)}%`}
        gesture="scaleItem"
        apply={(percent) => builderEditor.run(scaleItem, { frameId, id: item.id, percent, minSide, keyframeDelay })}
        testId="scale-slider"
      />
    </Space>
  );
}
