/** Header icons as inline SVG: emoji glyphs depend on fonts the visitor may not have. */
const common = {
  width: 22,
  height: 22,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export const MailIcon = () => (
  <svg {...common} aria-hidden="true">
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </svg>
);

export const ChatIcon = () => (
  <svg {...common} aria-hidden="true">
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
  </svg>
);

export const MenuIcon = () => (
  <svg {...common} aria-hidden="true">
    <path d="M4 6h16M4 12h16M4 18h16" />
  </svg>
);
