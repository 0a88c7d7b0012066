import { Button, type ButtonProps, Text, Tooltip } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from 'react';

export type MenuBarButtonProps = Omit<ButtonProps, 'leftSection' | 'rightSection' | 'children'> &
  Omit<ComponentPropsWithoutRef<'button'>, 'color' | 'style' | 'children'> & {
    icon: ReactNode;
    label: string;
    /** Only the icon shows; the label is the button's name (unless `aria-label` says otherwise) and its tooltip. */
    collapsed: boolean;
    /** Opens a menu: a chevron follows. */
    menu?: boolean;
    /** The tooltip of the collapsed button; off where the caller shows its own. */
    withTooltip?: boolean;
  };

/**
 * A subtle entry of the menu bar: icon and label, or below its breakpoint only the icon, named by
 * the label and showing it in a tooltip (as Google Docs and Canva shorten their bars). A ref
 * component that spreads its props, so it can be a Popover.Target's or a Menu.Target's child.
 */
export const MenuBarButton = forwardRef<HTMLButtonElement, MenuBarButtonProps>(function MenuBarButton(
  { icon, label, collapsed, menu = false, withTooltip = true, ...others },
  ref,
) {
  const chevron = menu ? <IconChevronDown size={14} /> : undefined;
  // One tree in both states: a resize across the breakpoint keeps the button (and its focus).
  return (
    <Tooltip label={label} disabled={!collapsed || !withTooltip} withArrow position="bottom">
      <Button
        ref={ref}
        variant="subtle"
        color="gray"
        px={collapsed ? 8 : 10}
        leftSection={collapsed ? undefined : icon}
        rightSection={chevron}
        aria-label={collapsed ? label : undefined}
        styles={collapsed && menu ? { section: { marginInlineStart: 4 } } : undefined}
        {...others}
      >
        {collapsed ? (
          icon
        ) : (
          <Text span inherit truncate="end">
            {label}
          </Text>
        )}
      </Button>
    </Tooltip>
  );
});
