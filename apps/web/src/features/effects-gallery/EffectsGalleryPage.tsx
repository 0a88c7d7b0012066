import { Badge, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { type EffectFamily, effectsByFamily } from '@reelwright/scene';
import { useSearchParams } from 'react-router-dom';
import { EffectCard } from './EffectCard';

/** The tabs of the gallery, in the editor's order (spec 002 §9 catalogues). */
const FAMILIES: readonly { family: EffectFamily; label: string }[] = [
  { family: 'show', label: 'Show' },
  { family: 'hide', label: 'Hide' },
  { family: 'stay', label: 'Stay' },
  { family: 'highlighter', label: 'Highlighter' },
  { family: 'container-background', label: 'Container background' },
  { family: 'container', label: 'Container' },
];

const isFamily = (value: string | null): value is EffectFamily => FAMILIES.some((f) => f.family === value);

/**
 * `/effects`: every effect of the motion catalogue, playing on a sample text, one tab per family.
 * The open tab is kept in the address (`?family=`), so a link can point at one.
 */
export function EffectsGalleryPage() {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('family');
  const family = isFamily(wanted) ? wanted : 'show';

  return (
    <Stack gap="md" mt="lg" data-testid="effects-gallery">
      <div>
        <Title order={2}>Effect gallery</Title>
        <Text c="dimmed" size="sm">
          Every animation the editor offers, playing on a sample text. Click a demo to pause it.
        </Text>
      </div>
      <Tabs value={family} onChange={(next) => next && setParams({ family: next }, { replace: true })}>
        <Tabs.List>
          {FAMILIES.map(({ family: value, label }) => (
            <Tabs.Tab
              key={value}
              value={value}
              rightSection={
                <Badge size="xs" variant="light" circle={false}>
                  {effectsByFamily(value).length}
                </Badge>
              }
            >
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {FAMILIES.map(({ family: value }) => (
          <Tabs.Panel key={value} value={value} pt="md">
            {value === family && (
              <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, lg: 4 }} spacing="md">
                {effectsByFamily(value).map((effect) => (
                  <EffectCard key={effect.name} effect={effect} />
                ))}
              </SimpleGrid>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
