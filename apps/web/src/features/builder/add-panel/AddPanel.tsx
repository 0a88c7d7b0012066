import { ActionIcon, ScrollArea, Text } from '@mantine/core';
import {
  IconGif,
  IconIcons,
  IconMoodSmile,
  IconMovie,
  IconMusic,
  IconPhoto,
  IconShape,
  IconTypography,
  IconX,
} from '@tabler/icons-react';
import { memo, useState } from 'react';
import type { NewItemSource } from '../../../builder/new-items';
import { builderEditor } from '../editor-store';
import classes from './AddPanel.module.css';
import { ADD_TABS, type AddTab } from './add-rules';
import { SearchTab } from './SearchTab';
import { TextTab } from './TextTab';

const TABS: Record<AddTab, { label: string; icon: typeof IconPhoto }> = {
  text: { label: 'Text', icon: IconTypography },
  image: { label: 'Images', icon: IconPhoto },
  video: { label: 'Videos', icon: IconMovie },
  audio: { label: 'Audio', icon: IconMusic },
  emojis: { label: 'Emojis', icon: IconMoodSmile },
  icons: { label: 'Icons', icon: IconIcons },
  giphy: { label: 'Giphy', icon: IconGif },
  shapes: { label: 'Shapes', icon: IconShape },
};

const add = (source: NewItemSource) => {
  builderEditor.addItem(source);
};

/**
 * The add-item panel (spec 002 §2): a rail of the eight tabs beside the slide bar; a tab opens
 * its drawer (clicking it again, or ×, closes it). Whatever a tab adds lands on the open slide at
 * the playhead, as one undo step, selected.
 */
export const AddPanel = memo(function AddPanel() {
  const [open, setOpen] = useState<AddTab | null>(null);
  return (
    <div className={classes.panel}>
      <nav className={classes.rail} aria-label="Add to the slide">
        {ADD_TABS.map((tab) => {
          const { label, icon: Icon } = TABS[tab];
          return (
            <button
              key={tab}
              type="button"
              className={classes.railButton}
              aria-pressed={open === tab}
              onClick={() => setOpen((current) => (current === tab ? null : tab))}
              data-testid={`add-rail-${tab}`}
            >
              <Icon size={20} stroke={1.6} />
              <span>{label}</span>
            </button>
          );
        })}
      </nav>
      {open && (
        <section className={classes.drawer} aria-label={TABS[open].label} data-testid="add-drawer">
          <div className={classes.drawerHeader}>
            <Text size="sm" fw={700}>
              {TABS[open].label}
            </Text>
            <ActionIcon variant="subtle" size="sm" aria-label="Close" onClick={() => setOpen(null)}>
              <IconX size={14} />
            </ActionIcon>
          </div>
          <ScrollArea className={classes.drawerBody} type="auto" offsetScrollbars>
            {open === 'text' ? <TextTab onAdd={add} /> : <SearchTab key={open} tab={open} onAdd={add} />}
          </ScrollArea>
        </section>
      )}
    </div>
  );
});
