/**
 * The inspector's Animation/FX picker (issue 18: "opening the Animation/FX picker on a slow
 * machine shows its previews within 300 ms"). On the builder with a text item selected, the page
 * itself times each opening of the Show picker (49 effects and 'None'): from the click to the
 * first animation frame where the first row's previews hold pixels, and to the frame where every
 * preview on screen does. The baseline, same page and same run, is the item's cog menu: a popover
 * with nothing to draw, from the click to the frame where its dropdown is in the page.
 *
 * Each machine speed opens a fresh page: the first opening there loads the previews' font and
 * code (cold), the next ones find them loaded (warm). "Slow" is this 2-core machine with Chrome's
 * CPU throttling at 4× (DevTools' "mid-tier mobile").
 *
 * Run: `npm run build && npm run bench:fx-picker -w apps/web` (serves apps/web/dist).
 * BENCH_ROUNDS (default 5) sets the openings per speed.
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openBuilder } from './builder-session';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGET_MS = 300;
const SPEEDS = [
  { name: 'as is', throttle: 1 },
  { name: 'slow (CPU 4×)', throttle: 4 },
];

/** One opening as the page timed it, ms after the click; null when it never happened. */
type Opening = { mounted: number | null; firstRow: number | null; onScreen: number | null; previews: number };

/**
 * Runs in the page: clicks the control named by `opener` and, each animation frame until
 * `dropdown` has drawn all it shows on screen (or 5 s pass), notes when the dropdown is in the
 * page, when its first three previews hold pixels, and when every preview on screen does.
 */
function timeOpening({ opener, dropdown }: { opener: string; dropdown: string }): Promise<Opening> {
  const drawn = (canvas: HTMLCanvasElement) => {
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) return true;
    return false;
  };
  const onScreen = (canvas: HTMLCanvasElement, viewport: DOMRect) => {
    const box = canvas.getBoundingClientRect();
    return box.bottom > viewport.top && box.top < viewport.bottom;
  };
  return new Promise((resolve) => {
    const result: Opening = { mounted: null, firstRow: null, onScreen: null, previews: 0 };
    const clicked = performance.now();
    document.querySelector<HTMLElement>(opener)!.click();
    const check = (now: number) => {
      const at = Math.max(0, now - clicked);
      const root = document.querySelector<HTMLElement>(dropdown);
      if (root) {
        result.mounted ??= at;
        const canvases = Array.from(root.querySelectorAll('canvas'));
        const scroller = root.querySelector('.mantine-ScrollArea-viewport') ?? root;
        const viewport = scroller.getBoundingClientRect();
        const shown = canvases.filter((canvas) => onScreen(canvas, viewport));
        result.previews = shown.length;
        if (result.firstRow === null && canvases.length > 0 && canvases.slice(0, 3).every(drawn)) result.firstRow = at;
        if (result.onScreen === null && shown.every(drawn)) result.onScreen = at;
      }
      if ((result.mounted !== null && result.onScreen !== null) || at > 5000) resolve(result);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** Opens the picker (or the baseline menu), records the timings, and closes it again. */
async function open(page: Page, which: 'picker' | 'menu'): Promise<Opening> {
  const targets =
    which === 'picker'
      ? { opener: '[data-testid="fx-picker-show"]', dropdown: '[data-testid="fx-choices-show"]' }
      : { opener: '[data-testid="item-cog"]', dropdown: '[role="menu"]' };
  const opening = await page.evaluate(timeOpening, targets);
  await page.keyboard.press('Escape');
  await page.locator(targets.dropdown).waitFor({ state: 'detached' });
  // Let the closed popover's transition and the preview loop end before the next opening.
  await page.waitForTimeout(400);
  return opening;
}

async function measureSpeed(webDist: string, throttle: number) {
  const session = await openBuilder({ webDist });
  try {
    const { page } = session;
    const inspector = page.getByTestId('inspector');
    await inspector.getByRole('button', { name: 'Animation/FX', exact: true }).click();
    await page.getByTestId('fx-picker-show').waitFor();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    const picker: Opening[] = [];
    const menu: Opening[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      picker.push(await open(page, 'picker'));
      menu.push(await open(page, 'menu'));
    }
    return { picker, menu };
  } finally {
    await session.close();
  }
}

const ms = (value: number | null) => (value === null ? 'never' : value.toFixed(0));
const median = (values: (number | null)[]) => {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  return known.length ? known[Math.floor((known.length - 1) / 2)]! : null;
};

const webDist = path.join(import.meta.dirname, '..', 'dist');
if (!existsSync(path.join(webDist, 'app.html')))
  throw new Error(`${webDist} is not built: run \`npm run build\` first.`);

console.log(
  `\nAnimation/FX Show picker (49 effects + None) vs the cog menu, opening ${ROUNDS} times at each speed; ` +
    `load average ${loadavg()[0]!.toFixed(1)}\n`,
);
console.log(
  '| speed | opening | picker in page ms | first row drawn ms | all on screen drawn ms | previews on screen | cog menu in page ms |',
);
console.log(
  '| ----- | ------- | ----------------: | -----------------: | ---------------------: | -----------------: | ------------------: |',
);
const verdicts: string[] = [];
for (const speed of SPEEDS) {
  const { picker, menu } = await measureSpeed(webDist, speed.throttle);
  for (const [i, opening] of picker.entries()) {
    const cells = [
      speed.name,
      i === 0 ? '1 (cold)' : String(i + 1),
      ms(opening.mounted),
      ms(opening.firstRow),
      ms(opening.onScreen),
      String(opening.previews),
      ms(menu[i]!.mounted),
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
  const warm = picker.slice(1);
  const worst = Math.max(...picker.map((o) => o.onScreen ?? Number.POSITIVE_INFINITY));
  verdicts.push(
    `${speed.name}: every preview on screen drawn in ${ms(median(warm.map((o) => o.onScreen)))} ms (median, warm), ` +
      `${ms(picker[0]!.onScreen)} ms cold, worst ${ms(worst)} ms — ${worst <= TARGET_MS ? 'within' : 'over'} the ` +
      `${TARGET_MS} ms target; cog menu ${ms(median(menu.map((o) => o.mounted)))} ms (median).`,
  );
}
console.log(`\n${verdicts.join('\n')}`);
console.log(`load average after: ${loadavg()[0]!.toFixed(1)}`);
