import sharp from 'sharp';

/**
 * Generated art for the demo catalogue: one drawing per kind of product, each with a front, a back and a detail
 * view, coloured per product. Nothing is downloaded: the SVG is written here and rendered with sharp.
 */

/** Every kind of product the demo catalogue draws; each has its own drawing in DEMO_ART. */
export const DEMO_KINDS = [
  'tshirt',
  'shirt',
  'hoodie',
  'sweater',
  'cardigan',
  'dress',
  'skirt',
  'jeans',
  'trousers',
  'shorts',
  'jacket',
  'overcoat',
  'puffer',
  'varsity',
  'biker',
  'rainshell',
  'breton',
  'floralDress',
  'sneaker',
  'boot',
  'bag',
  'weekender',
  'satchel',
  'crossbody',
  'backpack',
  'beanie',
  'cap',
  'sunglasses',
  'watch',
  'scarf',
  'bandana',
  'belt',
] as const;

export type DemoKind = (typeof DEMO_KINDS)[number];
/** The former name of DemoKind. */
export type DemoShape = DemoKind;

/** The three pictures each demo product gets. */
export const DEMO_VIEWS = ['front', 'back', 'detail'] as const;
export type DemoView = (typeof DEMO_VIEWS)[number];

/** The colours one drawing is painted with, derived from the product's colour. */
export interface ArtPalette {
  /** The product's colour as a gradient (use as fill or stroke). */
  fill: string;
  /** Outlines. */
  ink: string;
  /** Seams and stitching. */
  seam: string;
  /** Lighter parts (collars, linings, soles). */
  light: string;
  /** Hardware: zips, buckles, rivets, watch cases. */
  metal: string;
}

/** A material texture laid over the detail view. */
type Texture = 'knit' | 'twill' | 'grain' | 'weave' | 'mesh' | 'brushed';

export interface DemoArt {
  front: (p: ArtPalette) => string;
  back: (p: ArtPalette) => string;
  /** The point of the front drawing the detail view zooms into, and how far. */
  detail: { x: number; y: number; zoom: number };
  texture: Texture;
}

const outline = (p: ArtPalette, d: string, extra = '') =>
  `<path d="${d}" fill="${p.fill}" stroke="${p.ink}" stroke-width="6" stroke-linejoin="round"${extra}/>`;
const line = (d: string, colour: string, width = 4, extra = '') =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;
const stitch = (d: string, colour: string) => line(d, colour, 3, ' stroke-dasharray="10 8"');
const dot = (x: number, y: number, r: number, fill: string, stroke = 'none') =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="${stroke}" stroke-width="3"/>`;

/** A short-sleeved top (tee and shirt). */
const TEE = 'M250 170 L330 140 Q400 190 470 140 L550 170 L660 280 L590 350 L540 310 L540 660 L260 660 L260 310 L210 350 L140 280 Z';
/** A long-sleeved top (hoodie, sweater, cardigan). */
const LONG_SLEEVES = 'M270 170 Q400 205 530 170 L610 210 L690 560 L620 585 L560 330 L560 680 L240 680 L240 330 L180 585 L110 560 L190 210 Z';
/** A jacket: long sleeves, a collar opening at the neck. */
const JACKET =
  'M260 160 L340 130 L400 180 L460 130 L540 160 L620 210 L690 570 L620 590 L560 340 L565 690 L235 690 L240 340 L180 590 L110 570 L180 210 Z';

/** A long coat, below the knee. */
const OVERCOAT =
  'M262 150 L345 122 L400 210 L455 122 L538 150 L616 205 L684 560 L614 578 L562 330 L578 708 L222 708 L238 330 L186 578 L116 560 L184 205 Z';
/** A quilted jacket, rounded at the shoulders and hem. */
const PUFFER =
  'M265 175 Q400 195 535 175 L620 215 Q660 230 668 300 L700 560 L622 586 L570 340 L580 650 Q580 690 540 690 L260 690 Q220 690 220 650 L230 340 L178 586 L100 560 L132 300 Q140 230 180 215 Z';
/** A cropped jacket, ending at the waist. */
const BIKER = 'M262 165 L340 135 L460 135 L538 165 L618 212 L686 560 L616 580 L562 340 L568 610 L232 610 L238 340 L184 580 L114 560 L182 212 Z';
/** A hip-length shell under a hood. */
const RAIN_SHELL =
  'M262 175 L330 160 Q400 175 470 160 L538 175 L618 220 L684 570 L614 590 L562 345 L568 690 L232 690 L238 345 L186 590 L116 570 L182 220 Z';
/** A boat-neck top with three-quarter sleeves. */
const BRETON = 'M250 165 Q400 190 550 165 L625 205 L672 480 L602 498 L555 320 L558 670 L242 670 L245 320 L198 498 L128 480 L175 205 Z';
/** A V-neck midi dress on straps. */
const FLORAL_DRESS = 'M330 150 L400 235 L470 150 L480 300 Q575 460 615 690 L185 690 Q225 460 320 300 Z';
/** A holdall, wider than tall. */
const WEEKENDER = 'M140 420 Q140 330 230 330 L570 330 Q660 330 660 420 L660 600 Q660 650 610 650 L190 650 Q140 650 140 600 Z';
/** A small bag under its flap. */
const CROSSBODY = 'M250 420 Q250 380 290 380 L510 380 Q550 380 550 420 L550 600 Q550 630 520 630 L280 630 Q250 630 250 600 Z';

/** Content drawn only inside an outline (stripes on a top, flowers on a dress). */
const clipped = (id: string, d: string, content: string) =>
  `<clipPath id="${id}"><path d="${d}"/></clipPath><g clip-path="url(#${id})">${content}</g>`;

/** Light horizontal stripes from y1 to y2 (a Breton top's). */
const stripes = (y1: number, y2: number) => {
  let rects = '';
  for (let y = y1; y < y2; y += 40) rects += `<rect x="100" y="${y}" width="600" height="17" fill="#f8fafc"/>`;
  return rects;
};

/** A scatter of small five-petal flowers (a floral print). */
const flowers = () => {
  let out = '';
  for (let row = 0; row < 9; row++) {
    const y = 180 + row * 60;
    for (let x = 200 + (row % 2) * 34; x <= 620; x += 68) {
      for (let k = 0; k < 5; k++) {
        const a = (k * 2 * Math.PI) / 5;
        out += `<circle cx="${(x + Math.sin(a) * 11).toFixed(1)}" cy="${(y - Math.cos(a) * 11).toFixed(1)}" r="8" fill="#fdf2f8" opacity="0.9"/>`;
      }
      out += `<circle cx="${x}" cy="${y}" r="5" fill="#facc15"/>`;
    }
  }
  return out;
};

const ribs = (x1: number, x2: number, y1: number, y2: number, step: number, colour: string) => {
  let d = '';
  for (let x = x1 + step; x < x2; x += step) d += `M${x} ${y1} L${x} ${y2} `;
  return line(d, colour, 3);
};

const cuffs = (p: ArtPalette) => line('M178 578 L116 556 M622 578 L684 556', p.seam, 10);

/**
 * The kind ↔ art table: each kind of product is drawn by its own entry and no other. The seed picks a product's
 * art only through this table (demo-art.spec.ts and the demo catalogue tests hold it to that).
 */
export const DEMO_ART: Record<DemoKind, DemoArt> = {
  tshirt: {
    front: (p) =>
      outline(p, TEE) + line('M330 140 Q400 205 470 140', p.seam, 14) + stitch('M262 640 L538 640 M152 292 L218 356 M648 292 L582 356', p.seam),
    back: (p) =>
      outline(p, TEE) +
      line('M330 140 Q400 162 470 140', p.seam, 12) +
      `<rect x="386" y="156" width="28" height="16" fill="${p.light}"/>` +
      stitch('M262 640 L538 640', p.seam),
    detail: { x: 400, y: 180, zoom: 2.4 },
    texture: 'weave',
  },
  shirt: {
    front: (p) =>
      outline(p, TEE) +
      `<path d="M330 140 L400 215 L360 236 L316 166 Z M470 140 L400 215 L440 236 L484 166 Z" fill="${p.light}" stroke="${p.ink}" stroke-width="4"/>` +
      line('M400 215 L400 660', p.seam, 4) +
      [270, 340, 410, 480, 550, 620].map((y) => dot(415, y, 8, p.light, p.ink)).join('') +
      `<rect x="440" y="290" width="70" height="80" fill="none" stroke="${p.seam}" stroke-width="4"/>`,
    back: (p) =>
      outline(p, TEE) +
      line('M262 240 Q400 262 538 240', p.seam, 4) +
      line('M330 140 Q400 160 470 140', p.light, 12) +
      line('M400 250 L400 300', p.seam, 4),
    detail: { x: 400, y: 240, zoom: 2.2 },
    texture: 'weave',
  },
  hoodie: {
    front: (p) =>
      outline(p, 'M300 185 Q285 75 400 68 Q515 75 500 185 Z') +
      outline(p, LONG_SLEEVES) +
      `<path d="M318 180 Q400 290 482 180 Q400 225 318 180 Z" fill="${p.ink}" opacity="0.55"/>` +
      line('M372 230 L366 330 M428 230 L434 330', p.light, 6) +
      dot(366, 336, 7, p.metal) +
      dot(434, 336, 7, p.metal) +
      line('M300 520 L500 520 L535 640 L265 640 Z', p.seam, 5) +
      ribs(240, 560, 650, 680, 16, p.seam) +
      cuffs(p),
    back: (p) =>
      outline(p, LONG_SLEEVES) +
      outline(p, 'M296 178 Q400 140 504 178 L482 370 Q400 410 318 370 Z') +
      line('M400 150 L400 395', p.seam, 4) +
      ribs(240, 560, 650, 680, 16, p.seam) +
      cuffs(p),
    detail: { x: 400, y: 280, zoom: 2.2 },
    texture: 'knit',
  },
  sweater: {
    front: (p) => {
      const cable = (x: number) => `M${x} 250 q 24 30 0 60 q -24 30 0 60 q 24 30 0 60 q -24 30 0 60 q 24 30 0 60 q -24 30 0 60`;
      return (
        outline(p, LONG_SLEEVES) +
        line('M318 176 Q400 240 482 176', p.seam, 16) +
        line(`${cable(320)} ${cable(400)} ${cable(480)}`, p.light, 7) +
        ribs(240, 560, 645, 680, 12, p.seam) +
        cuffs(p)
      );
    },
    back: (p) => outline(p, LONG_SLEEVES) + line('M318 176 Q400 198 482 176', p.seam, 14) + ribs(240, 560, 645, 680, 12, p.seam) + cuffs(p),
    detail: { x: 400, y: 330, zoom: 2.3 },
    texture: 'knit',
  },
  cardigan: {
    front: (p) =>
      outline(p, LONG_SLEEVES) +
      `<path d="M318 176 L400 380 L482 176 Q400 200 318 176 Z" fill="${p.ink}" opacity="0.45"/>` +
      line('M318 176 L400 380 L482 176 M400 380 L400 680', p.seam, 10) +
      [430, 500, 570, 640].map((y) => dot(418, y, 10, p.light, p.ink)).join('') +
      `<rect x="270" y="520" width="90" height="90" fill="none" stroke="${p.seam}" stroke-width="5"/><rect x="440" y="520" width="90" height="90" fill="none" stroke="${p.seam}" stroke-width="5"/>` +
      ribs(240, 560, 650, 680, 12, p.seam) +
      cuffs(p),
    back: (p) => outline(p, LONG_SLEEVES) + line('M318 176 Q400 196 482 176', p.seam, 12) + ribs(240, 560, 650, 680, 12, p.seam) + cuffs(p),
    detail: { x: 410, y: 470, zoom: 2.4 },
    texture: 'knit',
  },
  dress: {
    front: (p) =>
      line('M350 135 L360 70 M450 135 L440 70', p.ink, 10) +
      outline(p, 'M340 130 L460 130 L470 260 Q560 420 620 680 L180 680 Q240 420 330 260 Z') +
      line('M332 262 L468 262', p.seam, 14) +
      `<ellipse cx="490" cy="258" rx="24" ry="12" fill="${p.fill}" stroke="${p.ink}" stroke-width="4"/>` +
      line('M480 270 L500 330 M488 270 L520 322', p.ink, 5) +
      line('M370 290 Q340 480 300 670 M430 290 Q460 480 500 670 M400 290 L400 670', p.seam, 3),
    back: (p) =>
      line('M350 135 L360 70 M450 135 L440 70', p.ink, 10) +
      outline(p, 'M340 130 L460 130 L470 260 Q560 420 620 680 L180 680 Q240 420 330 260 Z') +
      line('M332 262 L468 262', p.seam, 5) +
      line('M400 134 L400 330', p.metal, 5) +
      dot(400, 140, 6, p.metal),
    detail: { x: 470, y: 265, zoom: 2.5 },
    texture: 'weave',
  },
  skirt: {
    front: (p) =>
      outline(p, 'M300 215 L500 215 L600 620 L200 620 Z') +
      outline(p, 'M296 180 L504 180 L504 218 L296 218 Z') +
      line('M340 218 L280 620 M380 218 L360 620 M420 218 L440 620 M460 218 L520 620', p.seam, 4) +
      dot(480, 199, 8, p.metal),
    back: (p) =>
      outline(p, 'M300 215 L500 215 L600 620 L200 620 Z') +
      outline(p, 'M296 180 L504 180 L504 218 L296 218 Z') +
      line('M400 218 L400 360', p.metal, 5) +
      stitch('M210 600 L590 600', p.seam),
    detail: { x: 470, y: 230, zoom: 2.4 },
    texture: 'twill',
  },
  jeans: {
    front: (p) =>
      outline(p, 'M270 130 L530 130 L560 680 L440 680 L400 330 L360 680 L240 680 Z') +
      outline(p, 'M268 130 L532 130 L533 170 L267 170 Z') +
      [300, 360, 440, 500]
        .map((x) => `<rect x="${x}" y="124" width="12" height="52" fill="${p.fill}" stroke="${p.ink}" stroke-width="3"/>`)
        .join('') +
      line('M400 170 L400 300 Q432 290 432 172', '#d97706', 3) +
      line('M272 196 Q318 205 338 172 M528 196 Q482 205 462 172', '#d97706', 4) +
      dot(400, 150, 9, p.metal, p.ink) +
      dot(276, 200, 5, p.metal) +
      dot(524, 200, 5, p.metal) +
      stitch('M246 660 L358 660 M442 660 L556 660', '#d97706'),
    back: (p) =>
      outline(p, 'M270 130 L530 130 L560 680 L440 680 L400 330 L360 680 L240 680 Z') +
      outline(p, 'M268 130 L532 130 L533 170 L267 170 Z') +
      line('M270 220 Q400 250 530 220', '#d97706', 4) +
      `<path d="M290 250 L380 250 L378 340 L335 360 L292 340 Z M420 250 L510 250 L508 340 L465 360 L422 340 Z" fill="none" stroke="#d97706" stroke-width="4"/>` +
      `<rect x="440" y="138" width="60" height="26" fill="#a16207" stroke="${p.ink}" stroke-width="3"/>`,
    detail: { x: 330, y: 190, zoom: 2.4 },
    texture: 'twill',
  },
  trousers: {
    front: (p) =>
      outline(p, 'M270 130 L530 130 L585 680 L430 680 L400 330 L370 680 L215 680 Z') +
      outline(p, 'M268 130 L532 130 L533 166 L267 166 Z') +
      line('M330 190 L295 680 M470 190 L505 680', p.seam, 3) +
      line('M280 170 L320 250 M520 170 L480 250', p.seam, 5) +
      dot(400, 148, 9, p.light, p.ink),
    back: (p) =>
      outline(p, 'M270 130 L530 130 L585 680 L430 680 L400 330 L370 680 L215 680 Z') +
      outline(p, 'M268 130 L532 130 L533 166 L267 166 Z') +
      line('M300 230 L370 230 M430 230 L500 230 M335 170 L335 215 M465 170 L465 215', p.seam, 6),
    detail: { x: 310, y: 200, zoom: 2.4 },
    texture: 'twill',
  },
  shorts: {
    front: (p) =>
      outline(p, 'M260 200 L540 200 L585 480 L425 495 L400 330 L375 495 L215 480 Z') +
      outline(p, 'M258 200 L542 200 L543 236 L257 236 Z') +
      line('M270 240 L310 310 M530 240 L490 310 M400 236 L400 320', p.seam, 5) +
      line('M222 452 L372 466 M428 466 L578 452', p.seam, 8) +
      dot(400, 218, 8, p.light, p.ink),
    back: (p) =>
      outline(p, 'M260 200 L540 200 L585 480 L425 495 L400 330 L375 495 L215 480 Z') +
      outline(p, 'M258 200 L542 200 L543 236 L257 236 Z') +
      line('M295 290 L365 290 M435 290 L505 290', p.seam, 6) +
      line('M222 452 L372 466 M428 466 L578 452', p.seam, 8),
    detail: { x: 300, y: 270, zoom: 2.4 },
    texture: 'twill',
  },
  /** A denim trucker: pointed collar, buttoned placket, pleats and flap pockets. */
  jacket: {
    front: (p) =>
      outline(p, JACKET) +
      `<path d="M340 130 L298 176 L332 262 L400 180 Z M460 130 L502 176 L468 262 L400 180 Z" fill="${p.light}" stroke="${p.ink}" stroke-width="4"/>` +
      line('M400 190 L400 690', p.seam, 4) +
      [230, 310, 390, 470, 550, 630].map((y) => dot(414, y, 9, p.metal, p.ink)).join('') +
      `<path d="M272 296 L370 296 L370 334 L321 350 L272 334 Z M430 296 L528 296 L528 334 L479 350 L430 334 Z" fill="${p.fill}" stroke="${p.ink}" stroke-width="4"/>` +
      stitch('M300 360 L296 610 M500 360 L504 610 M238 640 L562 640', p.seam) +
      cuffs(p),
    back: (p) =>
      outline(p, JACKET) +
      line('M340 130 Q400 150 460 130', p.light, 12) +
      line('M244 260 Q400 285 556 260 M400 285 L400 690', p.seam, 4) +
      `<rect x="330" y="600" width="140" height="22" fill="none" stroke="${p.seam}" stroke-width="4"/>` +
      cuffs(p),
    detail: { x: 400, y: 250, zoom: 2.2 },
    texture: 'twill',
  },
  /** A long single-breasted coat: notched lapels, three buttons, flap pockets, a back vent. */
  overcoat: {
    front: (p) =>
      outline(p, OVERCOAT) +
      `<path d="M345 122 L296 168 L326 188 L300 212 L392 372 L400 210 Z M455 122 L504 168 L474 188 L500 212 L408 372 L400 210 Z" fill="${p.light}" stroke="${p.ink}" stroke-width="4"/>` +
      line('M400 372 L400 708', p.seam, 4) +
      [420, 500, 580].map((y) => dot(416, y, 11, p.light, p.ink)).join('') +
      `<rect x="258" y="560" width="100" height="24" fill="${p.fill}" stroke="${p.ink}" stroke-width="4"/><rect x="442" y="560" width="100" height="24" fill="${p.fill}" stroke="${p.ink}" stroke-width="4"/>` +
      line('M452 306 L522 298', p.seam, 5) +
      line('M184 568 L122 548 M616 568 L678 548', p.seam, 6),
    back: (p) =>
      outline(p, OVERCOAT) +
      line('M345 122 Q400 146 455 122', p.light, 14) +
      line('M400 150 L400 560', p.seam, 4) +
      line('M400 560 L400 708 M400 560 L424 708', p.seam, 4) +
      `<rect x="330" y="410" width="140" height="22" fill="${p.fill}" stroke="${p.ink}" stroke-width="4"/>` +
      dot(342, 421, 6, p.light, p.ink) +
      dot(458, 421, 6, p.light, p.ink),
    detail: { x: 400, y: 290, zoom: 2.2 },
    texture: 'twill',
  },
  /** A quilted down jacket: stand collar, horizontal baffles, a full zip. */
  puffer: {
    front: (p) =>
      outline(p, PUFFER) +
      outline(p, 'M318 118 L482 118 L492 190 L308 190 Z') +
      line([250, 310, 370, 430, 490, 550, 610].map((y) => `M232 ${y} Q400 ${y + 18} 568 ${y}`).join(' '), p.seam, 5) +
      line('M150 300 L204 290 M140 380 L198 372 M128 460 L190 452 M650 300 L596 290 M660 380 L602 372 M672 460 L610 452', p.seam, 5) +
      line('M400 118 L400 690', p.metal, 7) +
      `<rect x="392" y="196" width="16" height="34" rx="4" fill="${p.metal}" stroke="${p.ink}" stroke-width="3"/>`,
    back: (p) =>
      outline(p, PUFFER) +
      outline(p, 'M318 118 L482 118 L492 190 L308 190 Z') +
      line([250, 310, 370, 430, 490, 550, 610].map((y) => `M232 ${y} Q400 ${y + 14} 568 ${y}`).join(' '), p.seam, 5),
    detail: { x: 400, y: 300, zoom: 2.2 },
    texture: 'weave',
  },
  /** A varsity jacket: wool body, contrasting leather sleeves, striped rib trims, snaps and a chenille letter. */
  varsity: {
    front: (p) =>
      `<path d="M262 165 L180 212 L112 560 L182 582 L240 340 Z M538 165 L620 212 L688 560 L618 582 L560 340 Z" fill="#efe7da" stroke="${p.ink}" stroke-width="6" stroke-linejoin="round"/>` +
      outline(p, 'M262 165 L338 140 Q400 190 462 140 L538 165 L560 340 L566 660 L234 660 L240 340 Z') +
      line('M338 140 Q400 200 462 140', p.ink, 18) +
      line('M338 140 Q400 200 462 140', p.light, 4) +
      `<rect x="232" y="656" width="336" height="40" fill="${p.ink}"/>` +
      line('M236 670 L564 670 M236 684 L564 684', p.light, 4) +
      line('M114 556 L182 578 M686 556 L618 578', p.ink, 18) +
      [230, 310, 390, 470, 550, 630].map((y) => dot(400, y, 8, p.metal, p.ink)).join('') +
      `<path d="M272 250 L352 250 L352 276 L325 276 L325 362 L299 362 L299 276 L272 276 Z" fill="${p.light}" stroke="${p.ink}" stroke-width="4"/>`,
    back: (p) =>
      `<path d="M262 165 L180 212 L112 560 L182 582 L240 340 Z M538 165 L620 212 L688 560 L618 582 L560 340 Z" fill="#efe7da" stroke="${p.ink}" stroke-width="6" stroke-linejoin="round"/>` +
      outline(p, 'M262 165 L338 140 Q400 160 462 140 L538 165 L560 340 L566 660 L234 660 L240 340 Z') +
      line('M338 140 Q400 162 462 140', p.ink, 16) +
      `<rect x="232" y="656" width="336" height="40" fill="${p.ink}"/>` +
      `<path d="M292 320 Q400 250 508 320 L496 350 Q400 290 304 350 Z" fill="${p.light}" stroke="${p.ink}" stroke-width="4"/>`,
    detail: { x: 310, y: 300, zoom: 2.3 },
    texture: 'knit',
  },
  /** A cropped leather biker: wide lapels, an asymmetric zip, zipped pockets and a belted hem. */
  biker: {
    front: (p) =>
      outline(p, BIKER) +
      `<path d="M340 135 L284 200 L352 304 L424 168 Z M460 135 L522 192 L470 284 L440 200 Z" fill="${p.ink}" opacity="0.45" stroke="${p.ink}" stroke-width="4"/>` +
      line('M430 160 L360 330 L372 606', p.metal, 7) +
      line('M268 410 L330 348 M478 480 L532 420 M264 506 L312 462', p.metal, 5) +
      `<rect x="232" y="570" width="336" height="34" fill="${p.fill}" stroke="${p.ink}" stroke-width="4"/><rect x="388" y="564" width="40" height="46" fill="none" stroke="${p.metal}" stroke-width="6"/>` +
      dot(300, 190, 7, p.metal) +
      dot(506, 186, 7, p.metal) +
      line('M190 244 L250 228 M186 276 L248 260 M610 244 L550 228 M614 276 L552 260', p.seam, 4),
    back: (p) =>
      outline(p, BIKER) +
      line('M340 135 Q400 155 460 135', p.ink, 14) +
      line('M248 232 Q400 262 552 232 M244 272 Q400 302 556 272', p.seam, 4) +
      `<rect x="232" y="570" width="336" height="34" fill="${p.fill}" stroke="${p.ink}" stroke-width="4"/>`,
    detail: { x: 390, y: 260, zoom: 2.2 },
    texture: 'grain',
  },
  /** A hooded rain shell: peaked hood, storm flap over the zip, pit zips, a zipped chest pocket, drawcord toggles. */
  rainshell: {
    front: (p) =>
      outline(p, 'M310 182 Q288 70 400 60 Q512 70 490 182 Q400 150 310 182 Z') +
      line('M318 104 Q400 72 482 104', p.light, 8) +
      outline(p, RAIN_SHELL) +
      `<path d="M390 178 L418 178 L418 690 L390 690 Z" fill="${p.fill}" stroke="${p.ink}" stroke-width="4"/>` +
      line('M440 262 L522 236', p.metal, 5) +
      line('M262 470 L352 470 M448 470 L538 470', p.seam, 8) +
      line('M208 250 L234 330 M592 250 L566 330', p.metal, 4) +
      dot(252, 676, 8, p.light, p.ink) +
      dot(548, 676, 8, p.light, p.ink) +
      line('M184 578 L122 558 M616 578 L678 558', p.seam, 8),
    back: (p) =>
      outline(p, RAIN_SHELL) +
      outline(p, 'M300 186 Q400 100 500 186 L482 252 Q400 272 318 252 Z') +
      line('M244 300 Q400 325 556 300', p.seam, 4) +
      line('M240 620 L560 620', '#e5e7eb', 6),
    detail: { x: 470, y: 250, zoom: 2.3 },
    texture: 'weave',
  },
  /** A Breton top: boat neck, three-quarter sleeves and horizontal stripes. */
  breton: {
    front: (p) =>
      outline(p, BRETON) +
      clipped('breton-front', BRETON, stripes(214, 670)) +
      `<path d="${BRETON}" fill="none" stroke="${p.ink}" stroke-width="6" stroke-linejoin="round"/>` +
      line('M250 165 Q400 200 550 165', p.ink, 5),
    back: (p) =>
      outline(p, BRETON) +
      clipped('breton-back', BRETON, stripes(214, 670)) +
      `<path d="${BRETON}" fill="none" stroke="${p.ink}" stroke-width="6" stroke-linejoin="round"/>` +
      line('M250 165 Q400 180 550 165', p.ink, 5),
    detail: { x: 400, y: 330, zoom: 2.3 },
    texture: 'knit',
  },
  /** A floral print midi: V-neck on straps, a tie waist and flowers all over. */
  floralDress: {
    front: (p) =>
      line('M336 152 L348 80 M464 152 L452 80', p.ink, 10) +
      outline(p, FLORAL_DRESS) +
      clipped('floral-front', FLORAL_DRESS, flowers()) +
      `<path d="${FLORAL_DRESS}" fill="none" stroke="${p.ink}" stroke-width="6" stroke-linejoin="round"/>` +
      line('M322 302 L478 302', p.seam, 12) +
      line('M470 308 L488 372 M476 308 L508 364', p.ink, 5),
    back: (p) =>
      line('M336 152 L452 80 M464 152 L348 80', p.ink, 10) +
      outline(p, FLORAL_DRESS) +
      clipped('floral-back', FLORAL_DRESS, flowers()) +
      `<path d="${FLORAL_DRESS}" fill="none" stroke="${p.ink}" stroke-width="6" stroke-linejoin="round"/>` +
      line('M400 236 L400 420', p.metal, 5),
    detail: { x: 400, y: 420, zoom: 2.4 },
    texture: 'weave',
  },
  sneaker: {
    front: (p) =>
      outline(p, 'M120 520 Q160 380 300 400 L420 330 Q500 420 640 450 Q700 470 700 540 L700 560 L120 560 Z') +
      `<path d="M110 560 L710 560 Q714 604 690 608 L130 608 Q106 604 110 560 Z" fill="#f8fafc" stroke="${p.ink}" stroke-width="5"/>` +
      line('M560 452 Q650 470 690 540', p.seam, 4) +
      line('M335 392 L380 372 M360 410 L405 388 M385 428 L430 404 M410 446 L455 420', p.light, 7) +
      [335, 360, 385, 410].map((x, i) => dot(x, 392 + i * 18, 5, p.metal)).join('') +
      stitch('M130 540 L690 540', p.seam),
    back: (p) =>
      outline(p, 'M320 300 Q320 230 400 230 Q480 230 480 300 L500 590 L300 590 Z') +
      `<path d="M290 590 L510 590 Q512 640 490 644 L310 644 Q288 640 290 590 Z" fill="#f8fafc" stroke="${p.ink}" stroke-width="5"/>` +
      `<rect x="378" y="214" width="44" height="80" rx="10" fill="${p.light}" stroke="${p.ink}" stroke-width="4"/>` +
      line('M400 300 L400 580', p.seam, 4),
    detail: { x: 400, y: 410, zoom: 2.3 },
    texture: 'mesh',
  },
  boot: {
    front: (p) =>
      line('M300 152 Q284 104 318 104 L326 152', p.ink, 8) +
      outline(p, 'M300 150 L470 150 L480 470 Q620 480 660 560 L660 600 L280 600 Z') +
      `<path d="M340 190 Q372 320 340 450 Q306 320 340 190 Z" fill="${p.ink}" opacity="0.6"/>` +
      `<path d="M270 600 L670 600 L670 636 L270 636 Z M280 636 L380 636 L380 668 L280 668 Z" fill="#292524" stroke="${p.ink}" stroke-width="4"/>` +
      stitch('M286 590 L654 590', p.light),
    back: (p) =>
      line('M400 152 L400 104', p.ink, 10) +
      outline(p, 'M338 150 L462 150 L476 560 L324 560 Z') +
      `<path d="M322 560 L478 560 L470 640 L330 640 Z" fill="#292524" stroke="${p.ink}" stroke-width="4"/>` +
      line('M400 150 L400 556', p.seam, 5),
    detail: { x: 470, y: 560, zoom: 2.4 },
    texture: 'grain',
  },
  bag: {
    front: (p) =>
      line('M300 330 Q300 180 400 180 Q500 180 500 330', p.ink, 24) +
      outline(p, 'M210 330 L590 330 L630 680 L170 680 Z') +
      stitch('M222 352 L578 352 M190 656 L610 656', p.light) +
      `<rect x="372" y="340" width="56" height="40" rx="6" fill="${p.metal}" stroke="${p.ink}" stroke-width="4"/>`,
    back: (p) =>
      line('M300 330 Q300 180 400 180 Q500 180 500 330', p.ink, 24) +
      outline(p, 'M210 330 L590 330 L630 680 L170 680 Z') +
      `<rect x="270" y="400" width="260" height="170" fill="none" stroke="${p.seam}" stroke-width="5"/>` +
      stitch('M190 656 L610 656', p.light),
    detail: { x: 400, y: 350, zoom: 2.4 },
    texture: 'grain',
  },
  /** A weekender: a wide holdall with two handles, a shoulder strap, a top zip and leather corners. */
  weekender: {
    front: (p) =>
      line('M150 400 Q400 150 650 400', p.ink, 8) +
      line('M300 334 Q300 236 360 236 L440 236 Q500 236 500 334', p.ink, 20) +
      outline(p, WEEKENDER) +
      line('M190 346 L610 346', p.metal, 6) +
      `<path d="M140 560 L140 600 Q140 650 190 650 L236 650 L236 612 Q180 612 180 560 Z M660 560 L660 600 Q660 650 610 650 L564 650 L564 612 Q620 612 620 560 Z" fill="${p.ink}" opacity="0.55"/>` +
      `<rect x="286" y="330" width="30" height="44" fill="${p.ink}"/><rect x="484" y="330" width="30" height="44" fill="${p.ink}"/>` +
      dot(150, 400, 10, p.metal, p.ink) +
      dot(650, 400, 10, p.metal, p.ink) +
      stitch('M160 630 L640 630', p.light),
    back: (p) =>
      line('M300 334 Q300 236 360 236 L440 236 Q500 236 500 334', p.ink, 20) +
      outline(p, WEEKENDER) +
      `<rect x="220" y="420" width="360" height="160" fill="none" stroke="${p.seam}" stroke-width="5"/>` +
      line('M610 380 L610 620', p.metal, 5),
    detail: { x: 300, y: 350, zoom: 2.3 },
    texture: 'weave',
  },
  /** A satchel: a front flap with two buckled straps and a top handle. */
  satchel: {
    front: (p) =>
      line('M350 262 Q350 206 400 206 Q450 206 450 262', p.ink, 16) +
      outline(p, 'M200 262 L600 262 L600 620 Q600 650 570 650 L230 650 Q200 650 200 620 Z') +
      outline(p, 'M200 262 L600 262 L600 470 Q600 500 570 500 L230 500 Q200 500 200 470 Z') +
      `<rect x="290" y="380" width="36" height="170" fill="${p.ink}" opacity="0.6"/><rect x="474" y="380" width="36" height="170" fill="${p.ink}" opacity="0.6"/>` +
      `<rect x="282" y="440" width="52" height="40" fill="none" stroke="${p.metal}" stroke-width="7"/><rect x="466" y="440" width="52" height="40" fill="none" stroke="${p.metal}" stroke-width="7"/>` +
      stitch('M214 484 Q230 488 250 488 L550 488 Q570 488 586 484', p.light) +
      dot(200, 284, 10, p.metal, p.ink) +
      dot(600, 284, 10, p.metal, p.ink),
    back: (p) =>
      line('M350 262 Q350 206 400 206 Q450 206 450 262', p.ink, 16) +
      outline(p, 'M200 262 L600 262 L600 620 Q600 650 570 650 L230 650 Q200 650 200 620 Z') +
      `<rect x="250" y="330" width="300" height="200" fill="none" stroke="${p.seam}" stroke-width="5"/>`,
    detail: { x: 300, y: 460, zoom: 2.4 },
    texture: 'grain',
  },
  /** A mini crossbody: a small flap bag on a long strap, with a magnetic snap. */
  crossbody: {
    front: (p) =>
      line('M272 420 L400 130 L528 420', p.ink, 10) +
      outline(p, CROSSBODY) +
      outline(p, 'M250 420 Q250 380 290 380 L510 380 Q550 380 550 420 L550 500 Q400 560 250 500 Z') +
      dot(400, 522, 12, p.metal, p.ink) +
      stitch('M266 496 Q400 546 534 496', p.light),
    back: (p) =>
      line('M272 420 L400 130 L528 420', p.ink, 10) +
      outline(p, CROSSBODY) +
      line('M300 470 L500 470', p.seam, 6) +
      `<rect x="310" y="480" width="180" height="90" fill="none" stroke="${p.seam}" stroke-width="4"/>`,
    detail: { x: 400, y: 500, zoom: 2.4 },
    texture: 'grain',
  },
  backpack: {
    front: (p) =>
      line('M360 168 Q400 110 440 168', p.ink, 12) +
      outline(p, 'M260 230 Q260 160 400 160 Q540 160 540 230 L560 680 L240 680 Z') +
      `<path d="M300 420 L500 420 L505 620 L295 620 Z" fill="${p.fill}" stroke="${p.ink}" stroke-width="5"/>` +
      line('M305 440 L495 440', p.metal, 6) +
      dot(470, 440, 9, p.metal, p.ink) +
      line('M270 300 Q400 250 530 300', p.seam, 5),
    back: (p) =>
      outline(p, 'M260 230 Q260 160 400 160 Q540 160 540 230 L560 680 L240 680 Z') +
      `<rect x="300" y="250" width="200" height="300" rx="40" fill="${p.light}" opacity="0.5" stroke="${p.ink}" stroke-width="4"/>` +
      line('M320 200 Q270 450 310 650 M480 200 Q530 450 490 650', p.ink, 34),
    detail: { x: 440, y: 440, zoom: 2.3 },
    texture: 'weave',
  },
  beanie: {
    front: (p) =>
      outline(p, 'M220 520 Q220 230 400 220 Q580 230 580 520 Z') +
      line('M300 500 Q290 330 340 240 M400 500 L400 222 M500 500 Q510 330 460 240', p.seam, 4) +
      outline(p, 'M200 500 L600 500 L600 590 L200 590 Z') +
      ribs(200, 600, 506, 584, 16, p.seam),
    back: (p) =>
      outline(p, 'M220 520 Q220 230 400 220 Q580 230 580 520 Z') +
      line('M400 500 L400 222', p.seam, 6) +
      outline(p, 'M200 500 L600 500 L600 590 L200 590 Z') +
      ribs(200, 600, 506, 584, 16, p.seam) +
      `<rect x="390" y="548" width="20" height="34" fill="${p.light}"/>`,
    detail: { x: 400, y: 520, zoom: 2.4 },
    texture: 'knit',
  },
  cap: {
    front: (p) =>
      outline(p, 'M200 470 Q200 250 400 240 Q600 250 600 470 Z') +
      line('M400 246 L400 470 M400 246 Q300 320 280 470 M400 246 Q500 320 520 470', p.seam, 4) +
      dot(400, 244, 12, p.fill, p.ink) +
      dot(330, 330, 5, p.ink) +
      dot(470, 330, 5, p.ink) +
      outline(p, 'M170 470 Q400 585 630 470 Q400 520 170 470 Z'),
    back: (p) =>
      outline(p, 'M200 470 Q200 250 400 240 Q600 250 600 470 Z') +
      `<path d="M330 470 Q400 380 470 470 Z" fill="${p.ink}" opacity="0.55"/>` +
      line('M330 470 L470 470', p.ink, 12) +
      `<rect x="420" y="458" width="30" height="24" fill="none" stroke="${p.metal}" stroke-width="6"/>` +
      dot(400, 244, 12, p.fill, p.ink),
    detail: { x: 400, y: 300, zoom: 2.4 },
    texture: 'twill',
  },
  sunglasses: {
    front: (p) =>
      line('M120 386 L150 386 M650 386 L680 386', p.fill, 16) +
      `<path d="M150 380 L370 380 Q366 510 262 516 Q156 510 150 380 Z M430 380 L650 380 Q644 510 538 516 Q434 510 430 380 Z" fill="#1f2937" stroke="${p.fill}" stroke-width="16" stroke-linejoin="round"/>` +
      line('M370 392 Q400 362 430 392', p.fill, 12) +
      line('M196 404 L250 404 M476 404 L530 404', '#ffffff', 6, ' opacity="0.45"'),
    back: (p) =>
      `<path d="M150 380 L370 380 Q366 510 262 516 Q156 510 150 380 Z M430 380 L650 380 Q644 510 538 516 Q434 510 430 380 Z" fill="#374151" stroke="${p.fill}" stroke-width="16" stroke-linejoin="round"/>` +
      line('M370 392 Q400 362 430 392', p.fill, 12) +
      line('M160 394 L610 450 M640 394 L190 450', p.fill, 12) +
      dot(160, 394, 8, p.metal) +
      dot(640, 394, 8, p.metal),
    detail: { x: 400, y: 400, zoom: 2.4 },
    texture: 'brushed',
  },
  watch: {
    front: (p) => {
      let marks = '';
      for (let h = 0; h < 12; h++) {
        const a = (h * Math.PI) / 6;
        const inner = h % 3 === 0 ? 92 : 104;
        marks += `M${(400 + Math.sin(a) * inner).toFixed(1)} ${(400 - Math.cos(a) * inner).toFixed(1)} L${(400 + Math.sin(a) * 118).toFixed(1)} ${(400 - Math.cos(a) * 118).toFixed(1)} `;
      }
      return (
        outline(p, 'M340 110 L460 110 L468 270 L332 270 Z M340 530 L460 530 L468 690 L332 690 Z') +
        stitch('M350 130 L350 260 M450 130 L450 260 M350 540 L350 680 M450 540 L450 680', p.light) +
        `<rect x="548" y="386" width="28" height="28" rx="4" fill="${p.metal}" stroke="${p.ink}" stroke-width="4"/>` +
        dot(400, 400, 150, p.metal, p.ink) +
        dot(400, 400, 128, '#f8fafc', p.ink) +
        line(marks, '#1f2937', 5) +
        line('M400 400 L400 310 M400 400 L462 436', '#1f2937', 8) +
        line('M400 400 L352 300', '#dc2626', 3) +
        dot(400, 400, 8, '#1f2937')
      );
    },
    back: (p) =>
      outline(p, 'M340 110 L460 110 L468 270 L332 270 Z M340 530 L460 530 L468 690 L332 690 Z') +
      [600, 630, 660].map((y) => dot(400, y, 7, p.ink)).join('') +
      `<rect x="360" y="120" width="80" height="36" fill="none" stroke="${p.metal}" stroke-width="7"/>` +
      dot(400, 400, 150, p.metal, p.ink) +
      dot(400, 400, 108, 'none', p.ink) +
      dot(400, 400, 70, 'none', p.ink) +
      line('M350 400 L450 400 M400 350 L400 450', p.ink, 3),
    detail: { x: 400, y: 400, zoom: 2.0 },
    texture: 'brushed',
  },
  scarf: {
    front: (p) => {
      let fringe = '';
      for (let x = 278; x <= 356; x += 13) fringe += `M${x} 642 L${x - 2} 692 `;
      for (let x = 466; x <= 546; x += 13) fringe += `M${x} 612 L${x + 2} 662 `;
      return (
        outline(p, 'M440 232 L520 200 L552 606 L462 620 Z') +
        outline(p, 'M300 212 L382 232 L362 646 L270 638 Z') +
        outline(p, 'M286 158 Q400 232 514 158 L540 204 Q400 296 260 204 Z') +
        line('M276 560 L366 566 M280 590 L364 596 M464 540 L548 530 M466 570 L550 560', p.light, 9) +
        line(fringe, p.ink, 4)
      );
    },
    back: (p) => {
      let fringe = '';
      for (let y = 318; y <= 482; y += 14) fringe += `M180 ${y} L140 ${y} M620 ${y} L660 ${y} `;
      return (
        outline(p, 'M180 300 L620 300 L620 500 L180 500 Z') +
        line('M240 300 L240 500 M270 300 L270 500 M530 300 L530 500 M560 300 L560 500', p.light, 10) +
        line(fringe, p.ink, 4)
      );
    },
    detail: { x: 320, y: 620, zoom: 2.3 },
    texture: 'knit',
  },
  /** A bandana folded into a triangle: a printed border and a scatter of motifs. */
  bandana: {
    front: (p) => {
      let motifs = '';
      for (let y = 300; y <= 560; y += 45) {
        const half = (250 * (640 - y)) / 390 - 40;
        for (let x = 400 - half; x <= 400 + half; x += 52) motifs += dot(Math.round(x), y, 7, p.light);
      }
      return (
        outline(p, 'M150 250 L650 250 L400 640 Z') +
        `<path d="M198 272 L602 272 L400 588 Z" fill="none" stroke="${p.light}" stroke-width="5"/>` +
        motifs +
        line('M150 250 L650 250', p.ink, 9)
      );
    },
    back: (p) =>
      outline(p, 'M200 200 L600 200 L600 600 L200 600 Z') +
      `<rect x="226" y="226" width="348" height="348" fill="none" stroke="${p.light}" stroke-width="5"/>` +
      dot(400, 400, 40, 'none', p.light) +
      stitch('M200 200 L600 600', p.seam) +
      [
        [250, 250],
        [550, 250],
        [250, 550],
        [550, 550],
      ]
        .map(([x, y]) => dot(x, y, 9, p.light))
        .join(''),
    detail: { x: 400, y: 300, zoom: 2.4 },
    texture: 'weave',
  },
  belt: {
    front: (p) =>
      outline(p, 'M100 360 L690 360 Q720 400 690 440 L100 440 Z') +
      `<rect x="170" y="330" width="110" height="140" rx="10" fill="none" stroke="${p.metal}" stroke-width="16"/>` +
      line('M200 400 L300 400', p.metal, 10) +
      [560, 600, 640].map((x) => dot(x, 400, 8, p.ink)).join('') +
      stitch('M300 372 L690 372 M300 428 L690 428', p.light),
    back: (p) =>
      `<ellipse cx="400" cy="420" rx="250" ry="160" fill="none" stroke="${p.ink}" stroke-width="74"/>` +
      `<ellipse cx="400" cy="420" rx="250" ry="160" fill="none" stroke="${p.fill}" stroke-width="62"/>` +
      `<ellipse cx="400" cy="420" rx="170" ry="96" fill="none" stroke="${p.fill}" stroke-width="56"/>` +
      `<rect x="120" y="360" width="80" height="120" rx="10" fill="none" stroke="${p.metal}" stroke-width="14"/>`,
    detail: { x: 230, y: 400, zoom: 2.3 },
    texture: 'grain',
  },
};

function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  const r = clamp(((n >> 16) & 255) * amount);
  const g = clamp(((n >> 8) & 255) * amount);
  const b = clamp((n & 255) * amount);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

/** Perceived brightness, 0 (black) to 255 (white). */
function brightness(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  return ((n >> 16) & 255) * 0.299 + ((n >> 8) & 255) * 0.587 + (n & 255) * 0.114;
}

function palette(colour: string): ArtPalette {
  const dark = brightness(colour) < 90;
  return {
    fill: 'url(#fg)',
    ink: dark ? '#0b0b0c' : shade(colour, 0.5),
    // On dark colours seams are drawn lighter, so they show.
    seam: dark ? '#9ca3af' : shade(colour, 0.68),
    light: dark ? '#d6d3d1' : shade(colour, 1.3),
    metal: '#c8ccd2',
  };
}

const TEXTURES: Record<Texture, string> = {
  knit: '<pattern id="tx" width="24" height="24" patternUnits="userSpaceOnUse"><path d="M0 0 L12 12 L24 0 M0 12 L12 24 L24 12" fill="none" stroke="#000" stroke-width="3"/></pattern>',
  twill:
    '<pattern id="tx" width="16" height="16" patternUnits="userSpaceOnUse"><path d="M0 16 L16 0 M-4 4 L4 -4 M12 20 L20 12" stroke="#000" stroke-width="3"/></pattern>',
  grain:
    '<pattern id="tx" width="30" height="30" patternUnits="userSpaceOnUse"><circle cx="6" cy="8" r="2" fill="#000"/><circle cx="20" cy="14" r="1.6" fill="#000"/><circle cx="12" cy="24" r="2.2" fill="#000"/></pattern>',
  weave:
    '<pattern id="tx" width="14" height="14" patternUnits="userSpaceOnUse"><path d="M0 7 L14 7 M7 0 L7 14" stroke="#000" stroke-width="2"/></pattern>',
  mesh: '<pattern id="tx" width="18" height="18" patternUnits="userSpaceOnUse"><circle cx="9" cy="9" r="4" fill="none" stroke="#000" stroke-width="2"/></pattern>',
  brushed: '<pattern id="tx" width="800" height="6" patternUnits="userSpaceOnUse"><path d="M0 3 L800 3" stroke="#fff" stroke-width="2"/></pattern>',
};

/** The SVG of one view of a kind's art: DEMO_ART[kind], painted in colour on background. */
export function demoSvg(kind: DemoKind, colour: string, background: string, view: DemoView = 'front'): string {
  const art = DEMO_ART[kind];
  const p = palette(colour);
  const drawing = view === 'back' ? art.back(p) : art.front(p);
  const { x, y, zoom } = art.detail;
  // The detail view zooms into one part of the front (a collar, a buckle, a dial) and shows the material's texture.
  const transform =
    view === 'detail' ? `translate(400 400) scale(${zoom}) translate(${-x} ${-y})` : 'translate(400 400) scale(0.94) translate(-400 -400)';
  const texture = view === 'detail' ? `<rect width="800" height="800" fill="url(#tx)" opacity="0.12"/>` : '';
  const shadow = view === 'detail' ? '' : '<ellipse cx="400" cy="715" rx="260" ry="28" fill="#000" opacity="0.12"/>';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800" data-kind="${kind}" data-view="${view}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${background}"/><stop offset="1" stop-color="${shade(background, 0.86)}"/></linearGradient>
<linearGradient id="fg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(colour, 1.18)}"/><stop offset="1" stop-color="${shade(colour, 0.8)}"/></linearGradient>${TEXTURES[art.texture]}</defs>
<rect width="800" height="800" fill="url(#bg)"/>
${shadow}<g transform="${transform}">${drawing}</g>${texture}</svg>`;
}

/** Renders one view of a demo product's picture as WebP (nothing is downloaded: the art is generated here); a low encoder effort keeps the seed quick. */
export function renderDemoImage(kind: DemoKind, colour: string, background: string, view: DemoView = 'front'): Promise<Buffer> {
  return sharp(Buffer.from(demoSvg(kind, colour, background, view)))
    .webp({ quality: 82, effort: 2 })
    .toBuffer();
}

/** A blog cover: several kinds of product side by side (an outfit, a care guide's knits), each in its colour. */
export function demoCoverSvg(items: { kind: DemoKind; colour: string }[], background: string): string {
  const width = 1200;
  const slot = width / items.length;
  const pieces = items
    .map((item, i) => {
      const p = palette(item.colour);
      const id = `fg${i}`;
      const drawing = DEMO_ART[item.kind].front({ ...p, fill: `url(#${id})` });
      const cx = slot * i + slot / 2;
      const gradient = `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(item.colour, 1.18)}"/><stop offset="1" stop-color="${shade(item.colour, 0.8)}"/></linearGradient>`;
      return `<defs>${gradient}</defs><g transform="translate(${cx} 330) scale(0.62) translate(-400 -400)">${drawing}</g>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="630" viewBox="0 0 ${width} 630">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${background}"/><stop offset="1" stop-color="${shade(background, 0.84)}"/></linearGradient></defs>
<rect width="${width}" height="630" fill="url(#bg)"/>${pieces}</svg>`;
}

export function renderDemoCover(items: { kind: DemoKind; colour: string }[], background: string): Promise<Buffer> {
  return sharp(Buffer.from(demoCoverSvg(items, background)))
    .webp({ quality: 82, effort: 2 })
    .toBuffer();
}
