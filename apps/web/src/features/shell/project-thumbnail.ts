/** Shown when a project has no thumbnail or its image fails to load (spec 000 §2, §8). */
export const PLACEHOLDER_THUMBNAIL = `data:image/svg+xml;utf8,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="90" viewBox="0 0 160 90">
  <rect width="160" height="90" fill="#e7f0ff"/>
  <rect x="58" y="27" width="44" height="36" rx="6" fill="#a5c4f7"/>
  <path d="M74 36 L90 45 L74 54 Z" fill="#ffffff"/>
</svg>`,
)}`;
