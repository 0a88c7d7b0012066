import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import DOMPurify from 'dompurify';

/**
 * The server's HTML quota error (spec 000 §8) with its links to pricing and contact support,
 * sanitised to links and emphasis before it is shown.
 */
export function QuotaError({ html }: { html: string }) {
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: ['a', 'b', 'strong', 'em', 'br'],
    ALLOWED_ATTR: ['href', 'target', 'rel'],
  });
  return (
    <Alert color="orange" icon={<IconAlertTriangle />} title="Daily render limit reached" data-testid="quota-error">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised above to links and emphasis. */}
      <div dangerouslySetInnerHTML={{ __html: clean }} />
    </Alert>
  );
}
