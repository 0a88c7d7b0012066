import {
  type ConcreteLayout,
  isListPlacement,
  listCells,
  placement,
  type SlideLayout,
  type StageRect,
} from '@reelwright/core';

const W = 32;
const H = 18;

const Box = ({ rect, fill, opacity = 1 }: { rect: StageRect; fill: string; opacity?: number }) => (
  <rect
    x={rect.left * W}
    y={rect.top * H}
    width={rect.width * W}
    height={rect.height * H}
    fill={fill}
    opacity={opacity}
    rx={0.6}
  />
);

/** Two or three text lines inside a box. */
const Lines = ({ rect }: { rect: StageRect }) => {
  const x = rect.left * W + rect.width * W * 0.15;
  const width = rect.width * W * 0.7;
  const cy = (rect.top + rect.height / 2) * H;
  return (
    <g fill="currentColor">
      <rect x={x} y={cy - 2.2} width={width} height={1.4} rx={0.7} />
      <rect x={x + width * 0.15} y={cy + 0.8} width={width * 0.7} height={1.4} rx={0.7} />
    </g>
  );
};

/**
 * A schematic of a layout, drawn from the renderer's own boxes (`placement`, `listCells`), so
 * the icon always matches what the preview shows: grey media, dark text lines, the container box.
 */
export function LayoutIcon({ layout }: { layout: SlideLayout }) {
  const media = 'var(--mantine-color-blue-2)';
  const frame = (children: React.ReactNode) => (
    <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} aria-hidden="true" style={{ flex: 'none' }}>
      <rect x={0.5} y={0.5} width={W - 1} height={H - 1} rx={2} fill="none" stroke="var(--mantine-color-gray-5)" />
      {children}
    </svg>
  );
  if (layout === 'random' || layout === 'container_random' || layout === 'automatic') {
    const label = layout === 'automatic' ? 'A' : '?';
    return frame(
      <text x={W / 2} y={H / 2 + 4} textAnchor="middle" fontSize={11} fontWeight={700} fill="currentColor">
        {label}
      </text>,
    );
  }
  const concrete = layout as ConcreteLayout;
  const place = placement(concrete);
  if (isListPlacement(concrete)) {
    const cells = listCells(concrete, concrete === 'list_grid' ? 4 : 3);
    return frame(
      <>
        <Box rect={place.media} fill={media} />
        {cells.map((cell) => (
          <Box key={`${cell.left}-${cell.top}`} rect={cell} fill="var(--mantine-color-dark-5)" opacity={0.55} />
        ))}
      </>,
    );
  }
  return frame(
    <>
      <Box rect={place.media} fill={media} />
      {place.overlay && <Box rect={place.media} fill="var(--mantine-color-dark-9)" opacity={0.25} />}
      {place.container && place.text && <Box rect={place.text} fill="var(--mantine-color-dark-6)" opacity={0.6} />}
      {place.text && <Lines rect={place.text} />}
    </>,
  );
}
