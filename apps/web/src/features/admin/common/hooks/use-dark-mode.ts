import { useCallback, useEffect, useState } from 'react';

/** Where the admin area remembers the dark-mode choice (spec 3.6 "Theme state: darkMode boolean"). */
export const DARK_MODE_KEY = 'admin-dark-mode';

function stored(): boolean {
  try {
    const value = localStorage.getItem(DARK_MODE_KEY);
    if (value !== null) return value === 'true';
  } catch {
    // storage unavailable (private mode): fall back to the device's preference
  }
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

export function rememberDarkMode(dark: boolean) {
  try {
    localStorage.setItem(DARK_MODE_KEY, String(dark));
  } catch {
    // not remembered: the choice still holds for this visit
  }
}

/** The admin area's dark mode: the stored choice, else the device's preference; a toggle remembers it. */
export function useDarkMode() {
  const [dark, setDark] = useState(stored);
  useEffect(() => rememberDarkMode(dark), [dark]);
  const toggle = useCallback(() => setDark((value) => !value), []);
  return { dark, toggle };
}
