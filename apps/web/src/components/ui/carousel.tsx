import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';

interface Props {
  label: string;
  slides: readonly ReactNode[];
  /** Time each slide stays, in milliseconds. */
  intervalMs: number;
  className?: string;
}

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * An auto-playing, looping carousel without thumbnails (spec 2.4), built on embla. It follows the WAI-ARIA
 * carousel pattern: previous, next and pause buttons, arrow keys, and it stops while the pointer or the focus
 * is inside it. It never starts by itself for people who prefer reduced motion.
 */
export function Carousel({ label, slides, intervalMs, className = '' }: Props) {
  const [autoplay] = useState(() =>
    Autoplay({
      delay: intervalMs,
      playOnInit: !reducedMotion(),
      stopOnInteraction: false,
      stopOnMouseEnter: true,
      stopOnFocusIn: true,
    }),
  );
  const [viewport, api] = useEmblaCarousel({ loop: true, duration: reducedMotion() ? 0 : 25 }, [autoplay]);
  const [selected, setSelected] = useState(0);
  // Paused until the page runs (the server's HTML cannot play), then playing unless motion is unwelcome.
  const [playing, setPlaying] = useState(false);
  useEffect(() => setPlaying(!reducedMotion()), []);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    api.on('select', onSelect);
    return () => void api.off('select', onSelect);
  }, [api]);

  const togglePlay = useCallback(() => {
    if (playing) autoplay.stop();
    else autoplay.play();
    setPlaying(!playing);
  }, [autoplay, playing]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') api?.scrollPrev();
    if (event.key === 'ArrowRight') api?.scrollNext();
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={`relative ${className}`}
      onKeyDown={onKeyDown}
    >
      <div ref={viewport} className="overflow-hidden">
        <div className="flex touch-pan-y" aria-live={playing ? 'off' : 'polite'}>
          {slides.map((slide, index) => (
            <div
              key={index}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              aria-hidden={index !== selected}
              inert={index !== selected}
              className="min-w-0 shrink-0 grow-0 basis-full"
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      <div className="absolute bottom-3 right-3 flex gap-2">
        <CarouselButton label={playing ? 'Pause the slides' : 'Play the slides'} onClick={togglePlay}>
          {playing ? <path d="M8 5h3v14H8zM13 5h3v14h-3z" /> : <path d="M8 5l11 7-11 7z" />}
        </CarouselButton>
        <CarouselButton label="Previous slide" onClick={() => api?.scrollPrev()}>
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
        </CarouselButton>
        <CarouselButton label="Next slide" onClick={() => api?.scrollNext()}>
          <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
        </CarouselButton>
      </div>
    </section>
  );
}

function CarouselButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="flex size-11 items-center justify-center rounded-full bg-white/90 text-brand-900 shadow hover:bg-white"
    >
      <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true">
        {children}
      </svg>
    </button>
  );
}
