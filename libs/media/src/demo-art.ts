import sharp from 'sharp';

/** Garment silhouettes for the demo catalog, drawn as SVG paths on an 800×800 canvas. */
export const DEMO_SHAPES = {
  tshirt: 'M250 170 L330 140 Q400 190 470 140 L550 170 L660 280 L590 350 L540 310 L540 660 L260 660 L260 310 L210 350 L140 280 Z',
  hoodie: 'M250 190 Q300 120 400 115 Q500 120 550 190 L660 300 L600 380 L545 330 L545 670 L255 670 L255 330 L200 380 L140 300 Z M340 190 Q400 260 460 190',
  dress: 'M340 130 L460 130 L470 260 Q560 420 620 680 L180 680 Q240 420 330 260 Z',
  jeans: 'M270 130 L530 130 L560 680 L440 680 L400 330 L360 680 L240 680 Z',
  jacket: 'M240 170 L340 130 L400 200 L460 130 L560 170 L650 330 L590 380 L560 340 L560 670 L240 670 L240 340 L210 380 L150 330 Z',
  skirt: 'M300 200 L500 200 L600 620 L200 620 Z',
  cap: 'M200 470 Q200 250 400 240 Q600 250 600 470 Z M560 440 L720 480 Q700 520 560 500 Z',
  beanie: 'M220 520 Q220 230 400 220 Q580 230 580 520 Z M200 500 L600 500 L600 590 L200 590 Z',
  bag: 'M210 330 L590 330 L630 680 L170 680 Z M300 330 Q300 180 400 180 Q500 180 500 330',
  backpack: 'M260 230 Q260 160 400 160 Q540 160 540 230 L560 680 L240 680 Z M300 420 L500 420 L500 560 L300 560 Z',
  sneaker: 'M120 520 Q160 380 300 400 L420 330 Q500 420 640 450 Q700 470 700 560 L120 560 Z M120 560 L700 560 L700 600 L120 600 Z',
  boot: 'M300 150 L470 150 L480 470 Q620 480 660 560 L660 640 L280 640 Z',
  watch: 'M340 120 L460 120 L470 270 L330 270 Z M340 530 L460 530 L470 680 L330 680 Z M400 250 A150 150 0 1 0 400.1 250 Z',
  sunglasses: 'M120 360 L680 360 L660 410 Q640 520 540 520 Q440 520 430 410 L370 410 Q360 520 260 520 Q160 520 140 410 Z',
  scarf: 'M250 150 L550 150 L560 280 L470 300 L500 680 L390 680 L370 300 L240 280 Z',
  belt: 'M100 360 L700 360 L700 440 L100 440 Z M470 330 L580 330 L580 470 L470 470 Z',
} as const;

export type DemoShape = keyof typeof DEMO_SHAPES;

function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  const r = clamp(((n >> 16) & 255) * amount);
  const g = clamp(((n >> 8) & 255) * amount);
  const b = clamp((n & 255) * amount);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

export function demoSvg(shape: DemoShape, colour: string, background: string, variant = 0): string {
  const path = DEMO_SHAPES[shape];
  const tilt = [0, -6, 6, 0][variant % 4];
  const scale = [1, 0.9, 0.9, 0.75][variant % 4];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${background}"/><stop offset="1" stop-color="${shade(background, 0.86)}"/></linearGradient>
<linearGradient id="fg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(colour, 1.18)}"/><stop offset="1" stop-color="${shade(colour, 0.78)}"/></linearGradient></defs>
<rect width="800" height="800" fill="url(#bg)"/>
<ellipse cx="400" cy="715" rx="260" ry="28" fill="#000" opacity="0.12"/>
<g transform="translate(400 400) rotate(${tilt}) scale(${scale}) translate(-400 -400)">
<path d="${path}" fill="url(#fg)" fill-rule="evenodd" stroke="${shade(colour, 0.55)}" stroke-width="6" stroke-linejoin="round"/>
</g></svg>`;
}

/** Renders a demo product picture as WebP (nothing is downloaded: the art is generated here). */
export function renderDemoImage(shape: DemoShape, colour: string, background: string, variant = 0): Promise<Buffer> {
  return sharp(Buffer.from(demoSvg(shape, colour, background, variant))).webp({ quality: 82 }).toBuffer();
}
