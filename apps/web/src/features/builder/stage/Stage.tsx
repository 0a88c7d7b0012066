import { Text } from '@mantine/core';
import type { DragEvent as ReactDragEvent, PointerEvent as ReactPointerEvent } from 'react';
import { useState } from 'react';
import { carriesFiles } from '../../../builder/file-drop';
import type { StagePoint } from '../../../builder/tools/geometry';
import { builderEditor, useLiveEditor } from '../editor-store';
import { DropQuestion } from './DropQuestion';
import { readDrop } from './drop-data';
import { FileUploads } from './FileUploads';
import { InPlaceTextEditor } from './InPlaceTextEditor';
import { SelectionFrame } from './SelectionFrame';
import classes from './Stage.module.css';
import { fileDrops } from './use-file-drops';
import type { StageView } from './use-stage-view';
import { VideoSiteLayers } from './VideoSiteLayers';

/**
 * The stage (spec 002 §2): the open slide drawn by the one renderer at the playhead, scaled to
 * fit, with a transparent layer over it that turns pointer presses, drags, double clicks and drops
 * into the editor's input. Selection handles, snap guides and the text editor sit on that layer.
 */
export function Stage({ view }: { view: StageView }) {
  const { canvasRef, size, scale, pixels, frame } = view;
  const [layer, setLayer] = useState<HTMLDivElement | null>(null);
  const guides = useLiveEditor((s) => s.session.guides);
  const toolPath = useLiveEditor((s) => s.toolPath);
  const width = size.width * scale;
  const height = size.height * scale;

  const toStage = (event: { clientX: number; clientY: number }): StagePoint => {
    const rect = layer!.getBoundingClientRect();
    return { x: (event.clientX - rect.left) / scale, y: (event.clientY - rect.top) / scale };
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as Element).closest('[data-stage-own-input], .moveable-control-box'))
      return;
    event.currentTarget.setPointerCapture(event.pointerId);
    builderEditor.pointerDown(toStage(event), { shiftKey: event.shiftKey });
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      builderEditor.pointerMove(toStage(event), { shiftKey: event.shiftKey });
    }
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!event.currentTarget.hasPointerCapture(event.pointerId)) return;
    event.currentTarget.releasePointerCapture(event.pointerId);
    builderEditor.pointerUp();
  };
  const onDrop = (event: ReactDragEvent<HTMLDivElement>) => {
    if (carriesFiles(event.dataTransfer)) {
      // Files from the computer: uploaded, then dropped where they fell; never opened by the browser.
      event.preventDefault();
      fileDrops.drop(Array.from(event.dataTransfer.files), toStage(event));
      return;
    }
    const source = readDrop(event.dataTransfer);
    if (!source) return;
    event.preventDefault();
    builderEditor.drop(source, toStage(event));
  };

  if (!frame) return null;
  return (
    <div className={classes.frame} style={{ width, height }} data-testid="stage">
      <canvas
        ref={canvasRef}
        className={classes.canvas}
        width={pixels.width}
        height={pixels.height}
        data-testid="stage-canvas"
      />
      <VideoSiteLayers frame={frame} width={width} height={height} />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the stage is a pointer surface; the keyboard works through the builder's shortcuts. */}
      <div
        ref={setLayer}
        className={classes.layer}
        data-tool={toolPath}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onDoubleClick={(event) => builderEditor.doubleClick(toStage(event))}
        onDragOver={(event) => event.preventDefault()}
        onDrop={onDrop}
      >
        {guides.map((guide) => (
          <div
            key={`${guide.axis}${guide.at}`}
            className={classes.guide}
            data-axis={guide.axis}
            style={guide.axis === 'x' ? { left: guide.at * scale } : { top: guide.at * scale }}
          />
        ))}
        <SelectionFrame scale={scale} toStage={toStage} container={layer} />
        <InPlaceTextEditor scale={scale} />
      </div>
      {frame.items.length === 0 && (
        <Text className={classes.hint} size="sm" c="gray.4">
          Drop an image, video, audio or text here
        </Text>
      )}
      <FileUploads frameId={frame.id} scale={scale} />
      <DropQuestion />
    </div>
  );
}
