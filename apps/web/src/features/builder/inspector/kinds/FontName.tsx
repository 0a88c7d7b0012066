import { Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { registerFontPreview } from './font-preview';

/**
 * A font family's name written in that font, once it scrolls into view: only the names on
 * screen fetch their font files.
 */
export function FontName({ family, category }: { family: string; category?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const show = () => {
      registerFontPreview(family);
      setShown(true);
    };
    if (typeof IntersectionObserver === 'undefined') {
      show();
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        show();
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [family]);
  return (
    <div ref={ref} style={{ display: 'flex', justifyContent: 'space-between', gap: 8, width: '100%', minWidth: 0 }}>
      <Text size="sm" truncate="end" style={{ fontFamily: shown ? `"${family}", sans-serif` : undefined }}>
        {family}
      </Text>
      {category && (
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {category}
        </Text>
      )}
    </div>
  );
}
