import type { ProjectListItem } from '@reelwright/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './ProjectPoster.module.css';
import { posterOf } from './project-thumbnail';

type ProjectPosterProps = {
  project: Pick<ProjectListItem, 'thumbnailUrl' | 'thumbnail' | 'updated_at'>;
  /** The project's title, for the image's alternative text. */
  label: string;
};

/**
 * A project's poster frame in a fixed 16:9 box (D69), loaded lazily. Until the server has drawn
 * one — or if its image cannot be loaded — the box says so instead of showing a broken image.
 */
export function ProjectPoster({ project, label }: ProjectPosterProps) {
  const poster = posterOf(project);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (poster.kind === 'image' && poster.src !== failedSrc) {
    return (
      <div className={classes.box} data-testid="project-poster" data-state="image">
        <img
          className={classes.image}
          src={poster.src}
          alt={`Poster frame of ${label}`}
          loading="lazy"
          decoding="async"
          width={96}
          height={54}
          onError={() => setFailedSrc(poster.src)}
        />
      </div>
    );
  }
  const drawing = poster.kind === 'drawing';
  return (
    <div className={classes.box} data-testid="project-poster" data-state={drawing ? 'drawing' : 'none'}>
      <div className={drawing ? `${classes.empty} ${classes.drawing}` : classes.empty}>
        <IconPhoto size={14} stroke={1.5} aria-hidden />
        <span>{drawing ? 'Preview being drawn' : 'No preview yet'}</span>
      </div>
    </div>
  );
}
