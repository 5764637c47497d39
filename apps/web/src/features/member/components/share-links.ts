/**
 * Where each network takes a shared link (their public share endpoints). They open as plain links in a new
 * tab: `window.open(..., 'noopener')` returns null even when it worked, so a script cannot tell a blocked popup
 * from an open one, and its fallback used to take the member's own tab away.
 */
export function shareTargets(link: string, text: string) {
  const url = encodeURIComponent(link);
  const message = encodeURIComponent(`${text} ${link}`);
  return [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}`, newTab: true },
    {
      name: 'X (Twitter)',
      href: `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${url}`,
      newTab: true,
    },
    { name: 'WhatsApp', href: `https://wa.me/?text=${message}`, newTab: true },
    {
      name: 'Email',
      href: `mailto:?subject=${encodeURIComponent('Join me')}&body=${message}`,
      newTab: false,
    },
  ] as const;
}

/** Phones have a share sheet (Web Share API); desktops get the links. */
export const canUseShareSheet = () =>
  typeof navigator !== 'undefined' &&
  typeof navigator.share === 'function' &&
  window.matchMedia('(pointer: coarse)').matches;
