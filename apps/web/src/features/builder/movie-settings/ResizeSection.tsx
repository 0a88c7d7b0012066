import { useEditor } from '../editor-store';
import { ResizeForm } from './ResizeForm';

/**
 * 'Resize video': the toolbar dialog's form, stacked for the panel. It starts again from the
 * movie's size whenever that changes (undo, the dialog).
 */
export function ResizeSection() {
  const size = useEditor((s) => s.data.video.size);
  return <ResizeForm key={`${size.width}x${size.height}`} initial={size} layout="panel" />;
}
