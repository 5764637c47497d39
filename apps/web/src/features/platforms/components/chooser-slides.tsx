const slides = [
  {
    title: 'Grow with the Main Platform',
    text: 'Seven stages from Welcome to Eldorado, with bonuses and awards at every step.',
    tone: 'from-brand-900 to-brand-700',
  },
  {
    title: 'Start small with Welcome Back',
    text: 'For students, apprentices and low-income workers: four stages from Welcome to Thank You.',
    tone: 'from-teal-900 to-teal-700',
  },
  {
    title: 'Introduce two, move up',
    text: 'Everyone you introduce is placed in your matrix, two under each place, level by level.',
    tone: 'from-slate-900 to-brand-800',
  },
];

export const chooserSlides = slides.map((slide) => (
  <div
    key={slide.title}
    className={`flex min-h-56 flex-col justify-center bg-gradient-to-br ${slide.tone} px-6 pb-16 pt-8 text-white sm:px-10`}
  >
    <p className="text-2xl font-bold sm:text-3xl">{slide.title}</p>
    <p className="mt-2 max-w-xl text-white/90">{slide.text}</p>
  </div>
));
