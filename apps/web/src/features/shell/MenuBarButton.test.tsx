import { MantineProvider, Menu, Popover } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MenuBarButton } from './MenuBarButton';

const html = (collapsed: boolean, inMenu = false) =>
  renderToString(
    <MantineProvider>
      {inMenu ? (
        <Menu>
          <Menu.Target>
            <MenuBarButton
              icon={<svg data-icon="user" />}
              label="ann@example.com"
              aria-label="Account menu"
              menu
              collapsed={collapsed}
            />
          </Menu.Target>
        </Menu>
      ) : (
        <Popover>
          <Popover.Target>
            <MenuBarButton icon={<svg data-icon="movie" />} label="My videos" menu collapsed={collapsed} />
          </Popover.Target>
        </Popover>
      )}
    </MantineProvider>,
  );

describe('MenuBarButton (an entry of the menu bar)', () => {
  it('shows its icon and label when there is room', () => {
    const shown = html(false);
    expect(shown).toContain('data-icon="movie"');
    expect(shown).toContain('My videos</span>');
    expect(shown).not.toContain('aria-label');
  });

  it('collapsed, shows only the icon and keeps the label as its name', () => {
    const shown = html(true);
    expect(shown).toContain('data-icon="movie"');
    expect(shown).not.toContain('My videos</span>');
    expect(shown).toMatch(/<button[^>]*aria-label="My videos"/);
  });

  it("is a Popover's or a Menu's target: their props reach the button; the caller's name wins", () => {
    expect(html(true)).toMatch(/<button[^>]*aria-haspopup="dialog"/);
    const menu = html(true, true);
    expect(menu).toMatch(/<button[^>]*aria-haspopup="menu"/);
    expect(menu).toMatch(/<button[^>]*aria-label="Account menu"/);
    expect(html(false, true)).toContain('ann@example.com</span>');
  });
});
