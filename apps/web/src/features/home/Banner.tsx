import { useEffect, useState } from 'react';

const SLIDES = [
  { src: '/banner1.svg', title: '함께 만들 팀원을 찾고 있나요?', text: '프로젝트 공고를 올리고 딱 맞는 팀원을 만나보세요.' },
  { src: '/banner2.svg', title: '혼자보다 함께, 스터디 그룹', text: '같은 목표를 가진 사람들과 꾸준히 공부하세요.' },
];
const INTERVAL_MS = 5000;

/** Two slides, advancing every 5 s, with arrows and dots (spec: Home). */
export function Banner() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setIndex((i) => (i + 1) % SLIDES.length), INTERVAL_MS);
    return () => clearInterval(id);
  }, [index]);
  const go = (i: number) => setIndex((i + SLIDES.length) % SLIDES.length);
  return (
    <section className="relative h-56 overflow-hidden rounded-2xl sm:h-72" aria-roledescription="carousel" aria-label="배너">
      {SLIDES.map((s, i) => (
        <div
          key={s.src}
          className={`absolute inset-0 transition-opacity duration-700 ${i === index ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
          aria-hidden={i !== index}
          data-testid={`banner-slide-${i}`}
        >
          <img src={s.src} alt={`배너 ${i + 1}`} className="h-full w-full object-cover" />
          <div className="absolute inset-0 flex flex-col justify-center px-16 text-white sm:px-20">
            <h2 className="text-2xl font-bold sm:text-3xl">{s.title}</h2>
            <p className="mt-2 text-sm sm:text-base">{s.text}</p>
          </div>
        </div>
      ))}
      <button
        type="button"
        aria-label="이전 배너"
        onClick={() => go(index - 1)}
        className="absolute left-3 top-1/2 -translate-y-1/2 rounded-full bg-white/70 px-3 py-1 text-xl"
      >
        ‹
      </button>
      <button
        type="button"
        aria-label="다음 배너"
        onClick={() => go(index + 1)}
        className="absolute right-3 top-1/2 -translate-y-1/2 rounded-full bg-white/70 px-3 py-1 text-xl"
      >
        ›
      </button>
      <div className="absolute bottom-3 left-1/2 flex -translate-x-1/2 gap-2">
        {SLIDES.map((s, i) => (
          <button
            key={s.src}
            type="button"
            aria-label={`${i + 1}번째 배너`}
            aria-current={i === index}
            onClick={() => go(i)}
            className={`h-2.5 w-2.5 rounded-full ${i === index ? 'bg-white' : 'bg-white/50'}`}
          />
        ))}
      </div>
    </section>
  );
}
