import { Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { CONTACT_SECONDS_PER_ITEM, SOCIAL_KEYS, type SocialKey } from '@reelwright/core';
import { updateWizard, useWizard } from '../use-wizard';
import { readSocial, SOCIAL_FIELDS, SOCIAL_TEXT_MAX, socialProblem, withSocialEntry } from './social';

const INPUT_TYPES: Record<(typeof SOCIAL_FIELDS)[SocialKey]['kind'], string> = {
  text: 'text',
  url: 'url',
  email: 'email',
  phone: 'tel',
};

function setEntry(key: SocialKey, patch: Partial<{ enabled: boolean; value: string }>) {
  updateWizard((wizard) => {
    wizard.social = withSocialEntry(readSocial(wizard.social), key, patch);
  });
}

/**
 * Contact and social slides (spec 001 §2): intro, website, facebook, twitter, instagram, email,
 * phone and outro, each with a switch and a value. A problem shows once the value is typed, or
 * for every enabled item after Next was refused (`showAll`).
 */
export function SocialSlides({ showAllProblems }: { showAllProblems: boolean }) {
  const social = readSocial(useWizard().social);
  return (
    <Stack gap="sm" data-testid="customize-social">
      <div>
        <Title order={4}>Contact and social slides</Title>
        <Text size="sm" c="dimmed" data-testid="social-duration-note">
          Contact slides last {CONTACT_SECONDS_PER_ITEM} s per item. The intro plays before your slides, the others
          after them.
        </Text>
      </div>
      {SOCIAL_KEYS.map((key) => {
        const field = SOCIAL_FIELDS[key];
        const entry = social[key] ?? { enabled: false, value: '' };
        const problem = entry.enabled ? socialProblem(key, entry.value) : null;
        const shown = problem && (showAllProblems || entry.value.trim() !== '') ? problem : null;
        return (
          <Group key={key} align="flex-start" wrap="nowrap" gap="sm">
            <Switch
              mt={8}
              checked={entry.enabled}
              onChange={(event) => setEntry(key, { enabled: event.currentTarget.checked })}
              aria-label={`Show the ${field.label.toLowerCase()} slide`}
              data-testid={`social-${key}-enabled`}
            />
            <TextInput
              style={{ flex: 1 }}
              aria-label={field.label}
              leftSection={
                <Text size="xs" c="dimmed" w={70} ta="right" pr={6}>
                  {field.label}
                </Text>
              }
              leftSectionWidth={80}
              type={INPUT_TYPES[field.kind]}
              placeholder={field.placeholder}
              value={entry.value}
              maxLength={field.kind === 'text' ? SOCIAL_TEXT_MAX : undefined}
              onChange={(event) => {
                const value = event.currentTarget.value;
                // Typing in an item turns it on; clearing leaves the switch as it was.
                setEntry(key, value.trim() && !entry.enabled ? { value, enabled: true } : { value });
              }}
              error={shown}
              data-testid={`social-${key}-value`}
            />
          </Group>
        );
      })}
    </Stack>
  );
}
