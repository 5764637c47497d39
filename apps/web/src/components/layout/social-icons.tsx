import type { Site } from '../../lib/site-context';

const icons: Record<keyof Site['social'], { label: string; path: string }> = {
  facebook: {
    label: 'Facebook',
    path: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5z',
  },
  twitter: {
    label: 'X (Twitter)',
    path: 'M17.5 3h3.2l-7 8 8.3 10h-6.5l-5-6.2L4.7 21H1.5l7.5-8.6L1 3h6.6l4.6 5.7L17.5 3zm-1.1 16.2h1.8L6.7 4.7H4.8l11.6 14.5z',
  },
  instagram: {
    label: 'Instagram',
    path: 'M12 7a5 5 0 100 10 5 5 0 000-10zm0 8.2a3.2 3.2 0 110-6.4 3.2 3.2 0 010 6.4zM17.3 5.5a1.2 1.2 0 100 2.4 1.2 1.2 0 000-2.4zM12 2.5c-2.6 0-2.9 0-3.9.1-3.5.2-5.4 2.1-5.6 5.6-.1 1-.1 1.3-.1 3.8s0 2.9.1 3.9c.2 3.5 2.1 5.4 5.6 5.6 1 .1 1.3.1 3.9.1s2.9 0 3.9-.1c3.5-.2 5.4-2.1 5.6-5.6.1-1 .1-1.3.1-3.9s0-2.8-.1-3.8c-.2-3.5-2.1-5.4-5.6-5.6-1-.1-1.3-.1-3.9-.1zm0 1.7c2.5 0 2.8 0 3.8.1 2.5.1 3.7 1.3 3.8 3.8.1 1 .1 1.3.1 3.8s0 2.8-.1 3.8c-.1 2.5-1.3 3.7-3.8 3.8-1 .1-1.3.1-3.8.1s-2.8 0-3.8-.1c-2.5-.1-3.7-1.3-3.8-3.8-.1-1-.1-1.3-.1-3.8s0-2.8.1-3.8c.1-2.5 1.3-3.7 3.8-3.8 1-.1 1.3-.1 3.8-.1z',
  },
};

/** The site's social links as icons; a network without a configured address is left out. */
export function SocialIcons({ social, className = '' }: { social: Site['social']; className?: string }) {
  const entries = (Object.keys(icons) as (keyof Site['social'])[]).filter((name) => social[name]);
  if (entries.length === 0) return null;
  return (
    <ul className={`flex gap-3 ${className}`} aria-label="Social media">
      {entries.map((name) => (
        <li key={name}>
          <a
            href={social[name]}
            rel="noopener noreferrer"
            target="_blank"
            aria-label={icons[name].label}
            className="flex size-11 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
          >
            <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true">
              <path d={icons[name].path} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
