import { Button, FileButton, Popover, Stack, Text, TextInput } from '@mantine/core';
import { IconLink, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { NewItemSource } from '../../../builder/new-items';
import { designApi, type UploadedMedia, uploadMedia } from '../../wizard/slides/design/design-api';
import { isUrlKeyword } from '../../wizard/slides/design/engines';
import { sourceOfVideoSiteLink } from './add-rules';

/** What each tab's file chooser accepts. */
const ACCEPT = { image: 'image/*', video: 'video/*', audio: 'audio/*' } as const;

/** An upload or an imported link, as the stage adds it: by what the server found it to be. */
function sourceOfUpload(found: UploadedMedia): NewItemSource {
  if (found.type === 'audio') return { type: 'audio', url: found.url, duration: found.duration ?? undefined };
  // A clip just uploaded (or imported from a link) plays its first 10 s (spec 002 §2, D97).
  if (found.type === 'video')
    return { type: 'video', url: found.url, uploaded: true, duration: found.duration ?? undefined };
  return { type: found.type, url: found.url };
}

/**
 * The search tab's Upload button (spec 002 §2: "The upload control accepts a pasted link"): a
 * file from the computer, or a link pasted in, stored by the server (the wizard's uploads and
 * URL import) and added at the playhead.
 */
export function UploadControl({
  kind,
  onAdd,
}: {
  kind: 'image' | 'video' | 'audio';
  onAdd(source: NewItemSource): void;
}) {
  const [opened, setOpened] = useState(false);
  const [link, setLink] = useState('');
  const [busy, setBusy] = useState<'file' | 'link' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const store = async (how: 'file' | 'link', upload: () => Promise<UploadedMedia>) => {
    setBusy(how);
    setError(null);
    try {
      onAdd(sourceOfUpload(await upload()));
      setLink('');
      setOpened(false);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(null);
    }
  };
  const addLink = () => {
    if (!isUrlKeyword(link)) {
      setError('Paste a link that starts with http:// or https://.');
      return;
    }
    // A video-site link is the clip itself: its page cannot be downloaded as a video (D55).
    const clip = kind === 'video' ? sourceOfVideoSiteLink(link) : null;
    if (clip) {
      onAdd(clip);
      setLink('');
      setOpened(false);
      return;
    }
    void store('link', () => designApi.importUrl(link.trim()));
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={280} shadow="md" trapFocus>
      <Popover.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconUpload size={14} />}
          onClick={() => setOpened((open) => !open)}
          data-testid="add-upload"
        >
          Upload
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="add-upload-dropdown">
        <Stack gap="xs">
          <FileButton accept={ACCEPT[kind]} onChange={(file) => file && void store('file', () => uploadMedia(file))}>
            {(props) => (
              <Button {...props} size="xs" loading={busy === 'file'} disabled={busy !== null} fullWidth>
                Choose a file
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed" ta="center">
            or paste a link
          </Text>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              addLink();
            }}
          >
            <Stack gap={6}>
              <TextInput
                size="xs"
                aria-label="Link to a picture, clip or sound"
                placeholder="https://…"
                leftSection={<IconLink size={14} />}
                value={link}
                onChange={(event) => setLink(event.currentTarget.value)}
                data-testid="add-upload-link"
              />
              <Button size="xs" variant="light" type="submit" loading={busy === 'link'} disabled={busy !== null}>
                Add from link
              </Button>
            </Stack>
          </form>
          {error && (
            <Text size="xs" c="red" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
