/** Where each network takes a shared link (their public share endpoints). */
export function shareTargets(link: string, text: string) {
  const url = encodeURIComponent(link);
  const message = encodeURIComponent(`${text} ${link}`);
  return [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}`, popup: true },
    { name: 'X (Twitter)', href: `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${url}`, popup: true },
    { name: 'WhatsApp', href: `https://wa.me/?text=${message}`, popup: true },
    { name: 'Email', href: `mailto:?subject=${encodeURIComponent('Join me')}&body=${message}`, popup: false },
  ] as const;
}

/** The spec's share popup: 550 by 400 pixels, centred on the current window. */
export function openSharePopup(href: string) {
  const width = 550;
  const height = 400;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return window.open(href, 'share', `width=${width},height=${height},left=${left},top=${top},noopener,noreferrer`);
}

/** Phones have a share sheet (Web Share API); desktops get the popups. */
export const canUseShareSheet = () =>
  typeof navigator !== 'undefined' && typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches;
