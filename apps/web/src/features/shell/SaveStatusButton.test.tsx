import { MantineProvider, Popover } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SaveStatusButton } from './SaveStatusButton';

const label = { text: 'Saved in this browser', color: 'teal', icon: <svg data-icon="saved" /> };
const html = (controlled: boolean) =>
  renderToString(
    <MantineProvider>
      <Popover opened={controlled ? false : undefined}>
        <Popover.Target>
          <SaveStatusButton label={label} state="saved" data-testid="visitor-save-status" onClick={() => {}} />
        </Popover.Target>
        <Popover.Dropdown>Only in this browser</Popover.Dropdown>
      </Popover>
    </MantineProvider>,
  );

describe('SaveStatusButton (the save status in the menu bar)', () => {
  it('shows the icon and the coloured words, named "Save status: …", with its state and test id', () => {
    const shown = html(false);
    expect(shown).toMatch(/<button[^>]*aria-label="Save status: Saved in this browser"/);
    expect(shown).toMatch(/<button[^>]*data-testid="visitor-save-status"/);
    expect(shown).toMatch(/<button[^>]*data-state="saved"/);
    expect(shown).toContain('data-icon="saved"');
    expect(shown).toContain('Saved in this browser</span>');
    expect(shown).toMatch(/<span[^>]*color:var\(--mantine-color-teal-text\)[^>]*>Saved in this browser<\/span>/);
  });

  it('takes the props Popover.Target gives its child, controlled or not, onto the button', () => {
    for (const controlled of [false, true]) {
      const shown = html(controlled);
      expect(shown).toMatch(/<button[^>]*aria-haspopup="dialog"/);
      expect(shown).toMatch(/<button[^>]*aria-expanded="false"/);
      expect(shown).toMatch(/<button[^>]*id="mantine-[^"]*-target"/);
    }
  });
});
