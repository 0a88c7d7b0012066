import { Modal } from '@mantine/core';
import { useEditor } from './editor-store';
import { ResizeForm } from './movie-settings/ResizeForm';

/**
 * 'Resize' (spec 002 §9): Wide 16:9, Square, Vertical 9:16 or a custom size of 100–2000 px a
 * side. The new size is one undo step; items keep their places, since geometry is relative.
 */
export function ResizeDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const size = useEditor((s) => s.data.video.size);
  return (
    <Modal opened={opened} onClose={onClose} title="Resize video" centered>
      {opened && <ResizeForm initial={size} layout="dialog" onClose={onClose} />}
    </Modal>
  );
}
