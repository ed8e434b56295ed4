import { type CSSVariablesResolver, darken, luminance, type MantineTheme } from '@mantine/core';

/** WCAG 2.1 AA for normal-size text (1.4.3). */
const AA = 4.5;
const WHITE = '#ffffff';

function contrast(a: string, b: string) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The first shade from `from` up that reads at AA against `background`, darkened further if none does. */
function readableShade(palette: readonly string[], from: number, background: string) {
  const shade = palette.slice(from).find((color) => contrast(color, background) >= AA);
  if (shade) return shade;
  let color = palette[9]!;
  for (let amount = 0.05; contrast(color, background) < AA && amount < 1; amount += 0.05) {
    color = darken(palette[9]!, amount);
  }
  return color;
}

/**
 * Mantine's light-scheme variants fail WCAG AA for several palettes: dimmed text (gray 6) reads
 * 3.3:1 on white, white on filled red, orange or teal 3-4:1, and the light variant's text (shade 9
 * on shade 1) about 4:1 for teal and orange. These overrides keep each colour's hue and pick the
 * nearest shade that reads at 4.5:1, darkening the last one where none does.
 */
export const readableColors: CSSVariablesResolver = (theme: MantineTheme) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': '#646b72' };
  for (const [name, palette] of Object.entries(theme.colors)) {
    if (name === 'dark') continue;
    const filled = readableShade(palette, 7, WHITE);
    Object.assign(light, {
      [`--mantine-color-${name}-filled`]: filled,
      [`--mantine-color-${name}-filled-hover`]: darken(filled, 0.1),
      [`--mantine-color-${name}-outline`]: filled,
      [`--mantine-color-${name}-light-color`]: readableShade(palette, 9, palette[1]!),
    });
  }
  return { variables: {}, light, dark: {} };
};
