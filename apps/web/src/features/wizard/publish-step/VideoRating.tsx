import { Button, Group, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { usePublishRun } from './publish-run';
import { asksFeedback, FEEDBACK_MAX, RATING_MAX, ratingPayload } from './rating';
import { sendRating } from './rating-api';

/**
 * 'Rate your video' (spec 001 §2, §7, §9): 1 to 5 stars; at 3 or lower a feedback box shows and
 * the rating is sent with it, while 4 and 5 stars send nothing. The call's answer is not shown:
 * the member is thanked either way.
 */
export function VideoRating({ pid }: { pid: number }) {
  const rated = usePublishRun((state) => state.ratedPid === pid);
  const [rating, setRating] = useState(0);
  const [feedback, setFeedback] = useState('');
  const [busy, setBusy] = useState(false);

  if (rated) {
    return (
      <Text c="teal" fw={500} data-testid="rating-thanks">
        Thank you for rating your video!
      </Text>
    );
  }

  const send = async () => {
    if (rating === 0) return;
    const payload = ratingPayload(pid, rating, feedback);
    if (payload) {
      setBusy(true);
      await sendRating(payload).catch(() => undefined);
      setBusy(false);
    }
    usePublishRun.setState({ ratedPid: pid });
  };

  return (
    <Stack gap="xs" data-testid="video-rating">
      <Title order={4}>How do you like your video?</Title>
      <Rating value={rating} onChange={setRating} count={RATING_MAX} size="lg" data-testid="rating-stars" />
      {asksFeedback(rating) && (
        <Textarea
          label="What could be better?"
          placeholder="Tell us what you expected, so we can improve."
          value={feedback}
          onChange={(event) => setFeedback(event.currentTarget.value)}
          maxLength={FEEDBACK_MAX}
          autosize
          minRows={3}
          data-testid="rating-feedback"
        />
      )}
      <Group>
        <Button onClick={() => void send()} disabled={rating === 0} loading={busy} data-testid="rating-send">
          Send rating
        </Button>
      </Group>
    </Stack>
  );
}
