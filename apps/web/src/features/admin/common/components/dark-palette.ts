import type { CSSProperties } from 'react';

/**
 * Dark mode without a second set of class names: Tailwind 4 utilities read the theme's colour variables
 * (`bg-white` is `var(--color-white)`), so the admin area's root re-points the neutral, brand and status
 * scales to their dark counterparts. Every component inside, the shared form kit included, follows.
 */
const slate = {
  50: 'oklch(12.9% 0.042 264.695)',
  100: 'oklch(20.8% 0.042 265.755)',
  200: 'oklch(27.9% 0.041 260.031)',
  300: 'oklch(37.2% 0.044 257.287)',
  400: 'oklch(44.6% 0.043 257.281)',
  500: 'oklch(70.4% 0.04 256.788)',
  600: 'oklch(80% 0.03 255)',
  700: 'oklch(86.9% 0.022 252.894)',
  800: 'oklch(92.9% 0.013 255.508)',
  900: 'oklch(96.8% 0.007 247.896)',
  950: 'oklch(98.4% 0.003 247.858)',
};

export const darkPalette = {
  colorScheme: 'dark',
  '--color-white': 'oklch(20.8% 0.042 265.755)',
  ...Object.fromEntries(Object.entries(slate).map(([shade, value]) => [`--color-slate-${shade}`, value])),
  '--color-brand-50': 'oklch(26.6% 0.065 152.934)',
  '--color-brand-100': 'oklch(33% 0.08 152)',
  '--color-brand-600': 'oklch(72.3% 0.219 149.579)',
  '--color-brand-700': 'oklch(72.3% 0.219 149.579)',
  '--color-brand-800': 'oklch(62.7% 0.194 149.214)',
  '--color-brand-900': 'oklch(87.1% 0.15 154.449)',
  '--color-red-50': 'oklch(25.8% 0.092 26.042)',
  '--color-red-100': 'oklch(39.6% 0.141 25.723)',
  '--color-red-300': 'oklch(44.4% 0.177 26.899)',
  '--color-red-700': 'oklch(80.8% 0.114 19.571)',
  '--color-red-800': 'oklch(88.5% 0.062 18.334)',
  '--color-amber-100': 'oklch(27.9% 0.077 45.635)',
  '--color-amber-900': 'oklch(92.4% 0.12 95.746)',
  '--color-sky-100': 'oklch(29.3% 0.066 243.157)',
  '--color-sky-900': 'oklch(90.1% 0.058 230.902)',
} as CSSProperties;
