import type { Box } from '@reelwright/core';
import type { TextLook } from '../../../builder/new-items';

/**
 * Our catalogue of designed text effects (issue 19 part 2; spec 002 §2 "The text tab lists
 * prebuilt text effects as looping video thumbnails", whose own catalogue comes from an address
 * the spec does not show). Each is a look for a text item made only of what the renderer draws:
 * catalogue fonts, colours, a box, and the show, stay, split and highlighter effects.
 */

export type TextEffectGroup = 'Titles' | 'Lower thirds' | 'Quotes' | 'Callouts' | 'Lists' | 'Captions';

export type TextEffect = {
  id: string;
  name: string;
  group: TextEffectGroup;
  /** The words it starts with, one paragraph a line; `**words**` are bold and marked. */
  text: string;
  look: TextLook;
};

/** Font sizes are shares of the stage's height: `px(48)` is 48 px on the 576-high stage. */
const px = (size: number) => size / 576;
const box = (left: number, top: number, width: number, height: number): Box => ({
  left,
  top,
  width,
  height,
  rotate: 0,
  opacity: 1,
});
const show = (name: string, duration: number) => ({ name, duration });
const shadow = { enabled: true, thickness: 8, color: '#000000', distance: 3 };

const TITLE_BOX = box(0.08, 0.3, 0.84, 0.4);
const LOWER_THIRD = box(0.05, 0.72, 0.5, 0.17);
const CAPTION_BOX = box(0.1, 0.78, 0.8, 0.15);
const MIDDLE_BOX = box(0.12, 0.25, 0.76, 0.5);

export const TEXT_EFFECTS: readonly TextEffect[] = [
  // Titles
  {
    id: 'impact-title',
    name: 'Impact title',
    group: 'Titles',
    text: 'BIG NEWS',
    look: {
      box: TITLE_BOX,
      font: { family: 'Anton', size: px(110), lineHeight: 1.05 },
      fx: { show: show('zoom-in', 0.6) },
    },
  },
  {
    id: 'neon-title',
    name: 'Neon glow',
    group: 'Titles',
    text: 'OPEN LATE',
    look: {
      box: TITLE_BOX,
      font: { family: 'Bebas Neue', size: px(120), lineHeight: 1 },
      color: '#66d9e8',
      fx: { show: show('fade', 0.8), stay: { name: 'glow' } },
    },
  },
  {
    id: 'elegant-title',
    name: 'Elegant serif',
    group: 'Titles',
    text: 'The **Golden** Hour',
    look: {
      box: TITLE_BOX,
      font: { family: 'Playfair Display', size: px(80), lineHeight: 1.15 },
      boldColor: '#fcc419',
      fx: { show: show('blur-in', 1) },
    },
  },
  {
    id: 'typewriter',
    name: 'Typewriter',
    group: 'Titles',
    text: 'Once upon a time…',
    look: {
      box: TITLE_BOX,
      font: { family: 'Roboto Mono', size: px(56), lineHeight: 1.3 },
      align: 'left',
      fx: { show: show('fade', 1.4), split: 'chars' },
    },
  },
  {
    id: 'comic-pop',
    name: 'Comic pop',
    group: 'Titles',
    text: 'WOW!',
    look: {
      box: TITLE_BOX,
      font: { family: 'Bangers', size: px(130), lineHeight: 1 },
      color: '#ffe066',
      style: { shadow },
      fx: { show: show('pop-in', 0.6), stay: { name: 'pulse' } },
    },
  },
  {
    id: 'rising-words',
    name: 'Rising words',
    group: 'Titles',
    text: 'Make every second count',
    look: {
      box: TITLE_BOX,
      font: { family: 'Montserrat', size: px(64), lineHeight: 1.2 },
      fx: { show: show('fade-up', 1.2), split: 'words' },
    },
  },
  // Lower thirds
  {
    id: 'name-bar',
    name: 'Name bar',
    group: 'Lower thirds',
    text: '**Jane Doe**\nFounder & CEO',
    look: {
      box: LOWER_THIRD,
      font: { family: 'Poppins', size: px(34), lineHeight: 1.25 },
      align: 'left',
      padding: 16,
      container: { backgroundColor: '#1c7ed6', backgroundAlpha: 1, skew: 0, backdropBlur: 0 },
      fx: { show: show('wipe-from-left', 0.6) },
    },
  },
  {
    id: 'skewed-tag',
    name: 'Skewed tag',
    group: 'Lower thirds',
    text: 'LIVE FROM PARIS',
    look: {
      box: box(0.05, 0.75, 0.42, 0.12),
      font: { family: 'Oswald', size: px(40), lineHeight: 1.1 },
      padding: 12,
      container: { backgroundColor: '#f03e3e', backgroundAlpha: 1, skew: -12, backdropBlur: 0 },
      fx: { show: show('slide-in-left', 0.5) },
    },
  },
  {
    id: 'frosted-bar',
    name: 'Frosted glass',
    group: 'Lower thirds',
    text: '**Alex Kim**\nProduct designer',
    look: {
      box: LOWER_THIRD,
      font: { family: 'Inter', size: px(32), lineHeight: 1.25 },
      align: 'left',
      padding: 16,
      container: { backgroundColor: '#ffffff', backgroundAlpha: 0.22, skew: 0, backdropBlur: 12 },
      fx: { show: show('fade-up', 0.6) },
    },
  },
  {
    id: 'underlined-headline',
    name: 'Underlined headline',
    group: 'Lower thirds',
    text: '**Breaking** story',
    look: {
      box: box(0.05, 0.74, 0.5, 0.14),
      font: { family: 'Archivo', size: px(44), lineHeight: 1.15 },
      align: 'left',
      fx: { show: show('fade-right', 0.5), overlay: { name: 'underline', color: '#fcc419' } },
    },
  },
  // Quotes
  {
    id: 'serif-quote',
    name: 'Serif quote',
    group: 'Quotes',
    text: '“Simplicity is the ultimate sophistication.”\n— Leonardo da Vinci',
    look: {
      box: MIDDLE_BOX,
      font: { family: 'Merriweather', size: px(40), lineHeight: 1.4 },
      fx: { show: show('fade', 1.2), split: 'lines' },
    },
  },
  {
    id: 'handwritten-note',
    name: 'Handwritten note',
    group: 'Quotes',
    text: 'Remember to smile today',
    look: {
      box: MIDDLE_BOX,
      font: { family: 'Caveat', size: px(84), lineHeight: 1.1 },
      color: '#ffe066',
      fx: { show: show('wipe-from-left', 1.4) },
    },
  },
  {
    id: 'boxed-quote',
    name: 'Boxed quote',
    group: 'Quotes',
    text: '“Less, but better.”',
    look: {
      box: box(0.2, 0.32, 0.6, 0.36),
      font: { family: 'Lora', size: px(52), lineHeight: 1.25 },
      padding: 28,
      container: { backgroundColor: '#000000', backgroundAlpha: 0.6, skew: 0, backdropBlur: 0 },
      fx: { show: show('zoom-in', 0.7) },
    },
  },
  // Callouts
  {
    id: 'marker-highlight',
    name: 'Marker highlight',
    group: 'Callouts',
    text: 'This part is **important**',
    look: {
      box: TITLE_BOX,
      font: { family: 'Poppins', size: px(56), lineHeight: 1.25 },
      fx: { show: show('fade', 0.5), overlay: { name: 'marker', color: '#fcc419' } },
    },
  },
  {
    id: 'circled-word',
    name: 'Circled word',
    group: 'Callouts',
    text: 'Only **today**',
    look: {
      box: TITLE_BOX,
      font: { family: 'Montserrat', size: px(64), lineHeight: 1.2 },
      fx: { show: show('fade-up', 0.5), overlay: { name: 'circle', color: '#ff6b6b' } },
    },
  },
  {
    id: 'badge',
    name: 'Badge',
    group: 'Callouts',
    text: 'NEW',
    look: {
      box: box(0.38, 0.4, 0.24, 0.16),
      font: { family: 'Archivo Black', size: px(48), lineHeight: 1 },
      padding: 12,
      container: { backgroundColor: '#37b24d', backgroundAlpha: 1, skew: 0, backdropBlur: 0, animation: 'zoom' },
      fx: { stay: { name: 'heartbeat' } },
    },
  },
  {
    id: 'sticker',
    name: 'Sticker',
    group: 'Callouts',
    text: '50% OFF',
    look: {
      box: { ...box(0.32, 0.36, 0.36, 0.24), rotate: -8 },
      font: { family: 'Permanent Marker', size: px(60), lineHeight: 1.1 },
      padding: 14,
      container: { backgroundColor: '#f03e3e', backgroundAlpha: 1, skew: 0, backdropBlur: 0 },
      fx: { show: show('bounce-in', 0.8), stay: { name: 'wobble' } },
    },
  },
  {
    id: 'callout-arrow',
    name: 'Pointer',
    group: 'Callouts',
    text: '→ Look here',
    look: {
      box: box(0.55, 0.3, 0.4, 0.16),
      font: { family: 'Oswald', size: px(48), lineHeight: 1.1 },
      align: 'left',
      color: '#fcc419',
      fx: { show: show('slide-in-right', 0.5), stay: { name: 'sway' } },
    },
  },
  // Lists
  {
    id: 'numbered-steps',
    name: 'Numbered steps',
    group: 'Lists',
    text: '**1.** Plan the story\n**2.** Record your voice\n**3.** Publish the video',
    look: {
      box: box(0.12, 0.2, 0.76, 0.6),
      font: { family: 'Poppins', size: px(40), lineHeight: 1.5 },
      align: 'left',
      boldColor: '#74c0fc',
      fx: { show: show('fade-right', 1.5), split: 'lines' },
    },
  },
  {
    id: 'bullet-list',
    name: 'Bullet list',
    group: 'Lists',
    text: '• Fast\n• Simple\n• Free to start',
    look: {
      box: box(0.2, 0.2, 0.6, 0.6),
      font: { family: 'Inter', size: px(44), lineHeight: 1.5 },
      align: 'left',
      fx: { show: show('fade-up', 1.2), split: 'lines' },
    },
  },
  {
    id: 'boxed-list',
    name: 'Boxed list',
    group: 'Lists',
    text: '**Today**\nCoffee · Code · Calls',
    look: {
      box: box(0.2, 0.3, 0.6, 0.4),
      font: { family: 'Archivo', size: px(40), lineHeight: 1.4 },
      padding: 24,
      boldColor: '#ffe066',
      container: { backgroundColor: '#1864ab', backgroundAlpha: 0.85, skew: 0, backdropBlur: 0 },
      fx: { show: show('zoom-in', 0.6) },
    },
  },
  // Captions
  {
    id: 'classic-caption',
    name: 'Classic caption',
    group: 'Captions',
    text: 'Here is what happened next',
    look: {
      box: CAPTION_BOX,
      font: { family: 'Inter', size: px(32), lineHeight: 1.3 },
      padding: 12,
      container: { backgroundColor: '#000000', backgroundAlpha: 0.6, skew: 0, backdropBlur: 0 },
      fx: { show: show('fade', 0.3) },
    },
  },
  {
    id: 'bold-caption',
    name: 'Bold caption',
    group: 'Captions',
    text: 'THIS IS **HOW** IT WORKS',
    look: {
      box: CAPTION_BOX,
      font: { family: 'Montserrat', size: px(40), lineHeight: 1.2 },
      boldColor: '#fcc419',
      style: { shadow },
      fx: { show: show('pop-in', 0.9), split: 'words' },
    },
  },
  {
    id: 'word-by-word',
    name: 'Word by word',
    group: 'Captions',
    text: 'Every word arrives on time',
    look: {
      box: CAPTION_BOX,
      font: { family: 'Poppins', size: px(36), lineHeight: 1.3 },
      style: { shadow },
      fx: { show: show('fade', 2), split: 'words' },
    },
  },
  {
    id: 'gradient-band',
    name: 'Gradient band',
    group: 'Captions',
    text: 'Swipe up to learn more',
    look: {
      box: CAPTION_BOX,
      font: { family: 'Oswald', size: px(36), lineHeight: 1.2 },
      padding: 12,
      container: {
        backgroundColor: '#7048e8',
        backgroundAlpha: 0.9,
        skew: 0,
        backdropBlur: 0,
        backgroundFx: 'gradient-right',
      },
      fx: { show: show('wipe-from-bottom', 0.5) },
    },
  },
];

export const TEXT_EFFECT_GROUPS: readonly TextEffectGroup[] = [
  'Titles',
  'Lower thirds',
  'Quotes',
  'Callouts',
  'Lists',
  'Captions',
];
