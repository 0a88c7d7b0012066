import { ActionIcon, Badge, Group, Image, Paper, Select, Stack, Text, Tooltip } from '@mantine/core';
import type { GalleryItem } from '@reelwright/core';
import { IconLayoutGrid, IconTrash } from '@tabler/icons-react';
import { isValidImageUrl, setItemFields } from '../../../../builder/commands/style-commands';
import { Carousel } from '../../../widgets/carousel/Carousel';
import { builderEditor } from '../../editor-store';
import { CommitText, PartTitle } from '../style/InspectorParts';
import { galleryLayout, usedImages } from './gallery-rules';
import { FIT_OPTIONS } from './ImageSection';

/** The preview's height: room to tell the images apart without crowding the inspector. */
const PREVIEW_HEIGHT_PX = 120;

const LINK_PROBLEM = 'Enter a web address (https://…) or a path on this site.';

/**
 * The gallery section (spec 002 §2, §5): a carousel previewing the images it draws, its image
 * links, each marked used or not (only images with a valid url are used), the layout that applies
 * (2–4 images a preset collage, more a two-column grid), adding and removing images, and the fit
 * of every image.
 */
export function GallerySection({ item, frameId }: { item: GalleryItem; frameId: string }) {
  const setImages = (images: GalleryItem['images']) =>
    builderEditor.run(setItemFields, { frameId, id: item.id, props: { images } });
  const drawn = usedImages(item.images);
  const layout = galleryLayout(drawn.length);
  return (
    <Stack gap="sm" data-testid="gallery-section">
      <Group gap={6} wrap="nowrap" data-testid="gallery-layout" data-layout={layout.kind}>
        <IconLayoutGrid size={16} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
        <Text size="sm">{layout.label}</Text>
      </Group>
      {drawn.length > 0 && (
        <Carousel label="Gallery preview">
          {drawn.map((image, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a link can appear twice, so the place is the key.
            <Image key={index} src={image.url} h={PREVIEW_HEIGHT_PX} fit="contain" alt={`Image ${index + 1}`} />
          ))}
        </Carousel>
      )}
      <PartTitle>Images</PartTitle>
      {item.images.map((image, index) => {
        const used = isValidImageUrl(image.url);
        return (
          // Images have no ids; a link can appear twice, so the place is the key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <Paper key={index} withBorder radius="sm" p={6} data-testid={`gallery-image-${index + 1}`}>
            <Group gap={6} wrap="nowrap" align="center">
              {used ? (
                <Image src={image.url} w={36} h={36} radius="xs" fit="cover" alt="" />
              ) : (
                <Paper w={36} h={36} radius="xs" bg="var(--mantine-color-default-hover)" />
              )}
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text size="xs" truncate="end" title={image.url}>
                  {image.url.trim() === '' ? 'No link' : image.url}
                </Text>
                <Badge size="xs" variant="light" color={used ? 'green' : 'gray'} tt="none">
                  {used ? `Image ${usedImages(item.images.slice(0, index + 1)).length}` : 'Not used: no valid link'}
                </Badge>
              </Stack>
              <Tooltip label="Remove this image">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove image ${index + 1}`}
                  onClick={() =>
                    setImages(item.images.filter((_, i) => i !== index).filter((i) => isValidImageUrl(i.url)))
                  }
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Paper>
        );
      })}
      <CommitText
        key={item.images.length}
        label="Add an image"
        placeholder="https://…/picture.jpg"
        value=""
        problem={(url) => (isValidImageUrl(url) ? null : LINK_PROBLEM)}
        onCommit={(url) => url !== '' && setImages([...usedImages(item.images), { url }])}
        testId="gallery-add"
      />
      <Select
        size="xs"
        label="Fit"
        data={FIT_OPTIONS}
        value={item.fit}
        allowDeselect={false}
        onChange={(fit) =>
          fit && builderEditor.run(setItemFields, { frameId, id: item.id, props: { fit: fit as GalleryItem['fit'] } })
        }
        data-testid="gallery-fit"
      />
    </Stack>
  );
}
