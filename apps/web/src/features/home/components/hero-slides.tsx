import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/button-link';

interface Slide {
  tagline: string;
  text: string;
  background: string;
  icon: ReactNode;
}

// The spec's three taglines; the art is inline SVG so the first screen needs no image download.
const slides: Slide[] = [
  {
    tagline: 'Actualizing business dreams',
    text: 'Training, mentoring and start-up capital in partnership with us, for ventures that last.',
    background: 'from-brand-900 via-brand-800 to-emerald-700',
    icon: (
      <path d="M9 6V4h6v2h5a1 1 0 011 1v4H3V7a1 1 0 011-1h5zm2 0h2V5h-2v1zM3 13h7v2h4v-2h7v6a1 1 0 01-1 1H4a1 1 0 01-1-1v-6z" />
    ),
  },
  {
    tagline: 'Living a healthy lifestyle',
    text: 'Health and lifestyle training for you and your family, with partner health organisations.',
    background: 'from-teal-900 via-teal-800 to-brand-700',
    icon: (
      <path d="M12 21l-1.4-1.3C5.4 15 2 12 2 8.4 2 5.4 4.4 3 7.4 3c1.7 0 3.4.8 4.6 2.1C13.2 3.8 14.9 3 16.6 3 19.6 3 22 5.4 22 8.4c0 3.6-3.4 6.6-8.6 11.3L12 21z" />
    ),
  },
  {
    tagline: 'Securing the future financially',
    text: 'Bonuses paid monthly into your bank account as you and the people you introduce move up the stages.',
    background: 'from-slate-900 via-brand-900 to-brand-800',
    icon: (
      <path d="M12 2l8 3v6c0 5-3.4 9.7-8 11-4.6-1.3-8-6-8-11V5l8-3zm-1 13.6l6-6-1.4-1.4-4.6 4.6-2.1-2.1L7.5 12l3.5 3.6z" />
    ),
  },
];

export const heroSlides = slides.map((slide) => (
  <div
    key={slide.tagline}
    className={`flex min-h-[26rem] items-center bg-gradient-to-br ${slide.background} text-white sm:min-h-[28rem]`}
  >
    <div className="mx-auto grid w-full max-w-6xl items-center gap-6 px-6 pb-20 pt-10 sm:grid-cols-[2fr_1fr] sm:px-10">
      <div>
        <p className="text-3xl font-bold leading-tight sm:text-5xl">{slide.tagline}</p>
        <p className="mt-4 max-w-xl text-lg text-white/90">{slide.text}</p>
        <ButtonLink to="/getstarted" variant="accent" className="mt-6">
          Get Started
        </ButtonLink>
      </div>
      <svg
        viewBox="0 0 24 24"
        className="hidden size-48 justify-self-center fill-white/20 sm:block"
        aria-hidden="true"
      >
        {slide.icon}
      </svg>
    </div>
  </div>
));
