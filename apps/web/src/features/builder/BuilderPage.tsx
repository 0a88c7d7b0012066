import { Alert } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useProject } from '../project/project-store';
import { useEditAudio } from '../speech/audio-editor/edit-audio-store';
import { useRecorderDialog } from '../speech/recorder/recorder-store';
import { AddPanel } from './add-panel/AddPanel';
import classes from './BuilderPage.module.css';
import { BuilderToolbar } from './BuilderToolbar';
import { BottomPanel } from './bottom-panel/BottomPanel';
import { builderEditor } from './editor-store';
import { DESKTOP_MESSAGE, DESKTOP_MIN_WIDTH, fitScale } from './layout';
import { usePlaybackKeys } from './playback/use-playback-keys';
import { SlidePanel } from './SlidePanel';
import { SlideBar } from './slide-bar/SlideBar';
import { Stage } from './stage/Stage';
import { useFilesNeverOpened } from './stage/use-file-drops';
import { useStageView } from './stage/use-stage-view';
import { useBuilderKeys } from './use-builder-keys';

// The recorder and the audio editor (wavesurfer.js) load on first use, outside the builder's bundle.
const VoiceRecorderDialog = lazy(() => import('../speech/recorder/VoiceRecorderDialog'));
const EditAudioDialog = lazy(() => import('../speech/audio-editor/EditAudioDialog'));

/**
 * The full editor (spec 002): the toolbar, the slide bar, the stage with the open slide, the
 * slide's panel, and the resizable bottom panel with the control bar and the slide's tracks.
 * Every edit goes through the builder's editor as a named command.
 */
export function BuilderPage() {
  const narrow = useMediaQuery(`(max-width: ${DESKTOP_MIN_WIDTH - 1}px)`);
  const ready = useProject((state) => state.status === 'ready');

  // A project without slides gets one (spec 002 §2); the editor opens the first slide.
  useEffect(() => {
    if (ready) builderEditor.ensureFirstSlide();
  }, [ready]);

  if (narrow) {
    return (
      <Alert icon={<IconDeviceDesktop />} color="blue" title="Full editor" maw={560} mx="auto" mt="xl">
        {DESKTOP_MESSAGE}
      </Alert>
    );
  }
  return <BuilderWorkspace />;
}

function BuilderWorkspace() {
  const { ref: stageArea, width, height } = useElementSize<HTMLDivElement>();
  const size = useProject((state) => state.data.video.size);
  const scale = fitScale({ width: width - 32, height: height - 32 }, size);
  useEffect(() => builderEditor.setViewScale(scale || 1), [scale]);
  const view = useStageView(scale);
  useBuilderKeys();
  useFilesNeverOpened();
  usePlaybackKeys();

  const recorderOpened = useRecorderDialog((state) => state.opened);
  const editingAudio = useEditAudio((state) => state.target !== null);
  const recorderLoaded = useLoadedOnce(recorderOpened);
  const editorLoaded = useLoadedOnce(editingAudio);

  return (
    <div className={classes.page} data-testid="builder">
      <BuilderToolbar />
      <div className={classes.main}>
        <SlideBar />
        <AddPanel />
        {/* A press on the empty area around the stage deselects, as in Canva and Premiere (Escape from the keyboard). */}
        <div
          ref={stageArea}
          className={classes.stageArea}
          onPointerDown={(event) => event.target === event.currentTarget && builderEditor.pressOffStage()}
          data-testid="stage-area"
        >
          {scale > 0 && <Stage view={view} />}
        </div>
        <SlidePanel />
      </div>
      <BottomPanel view={view} />
      <Suspense fallback={null}>
        {recorderLoaded && <VoiceRecorderDialog />}
        {editorLoaded && <EditAudioDialog />}
      </Suspense>
    </div>
  );
}

/** True from the first time `flag` is true: a lazily loaded popup stays mounted to close smoothly. */
function useLoadedOnce(flag: boolean): boolean {
  const [loaded, setLoaded] = useState(flag);
  if (flag && !loaded) setLoaded(true);
  return loaded || flag;
}
