import { Button, Popover, ScrollArea, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './AnimationSection.module.css';

type Props = {
  /** The field's id, for its label. */
  id: string;
  /** The picker's name, beside its button. */
  label: string;
  /** The current choice's name, on the button. */
  current: string;
  /** The dropdown's heading. */
  heading: string;
  opened: boolean;
  setOpened(opened: boolean): void;
  buttonTestId: string;
  dropdownTestId: string;
  /** The grid of choices, made only while the dropdown is open. */
  children: ReactNode;
};

/**
 * A picker of live previews: a button naming the current choice opens the grid beside the panel.
 * The Animation/FX pickers' and the slide transition pickers' frame.
 */
export function PreviewPicker(props: Props) {
  const { id, label, current, heading, opened, setOpened } = props;
  return (
    <div className={classes.row}>
      <Text size="xs" fw={500} component="label" htmlFor={id}>
        {label}
      </Text>
      <Popover opened={opened} onChange={setOpened} position="left-start" width={344} shadow="md" withArrow trapFocus>
        <Popover.Target>
          <Button
            id={id}
            size="compact-sm"
            variant="default"
            fullWidth
            justify="space-between"
            rightSection={<IconChevronDown size={14} />}
            onClick={() => setOpened(!opened)}
            aria-label={`${label}: ${current}`}
            data-testid={props.buttonTestId}
            fw={400}
          >
            <Text span size="xs" truncate="end">
              {current}
            </Text>
          </Button>
        </Popover.Target>
        <Popover.Dropdown p={6} data-testid={props.dropdownTestId}>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase" px={4} pb={4}>
            {heading}
          </Text>
          <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
            {props.children}
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
    </div>
  );
}
