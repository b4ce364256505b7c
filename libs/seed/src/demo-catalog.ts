import type { DemoKind } from '@shop/media';

/**
 * The demo catalogue: products with their own copy and care notes, sizes and colours with their own stock, a few
 * sold out and a few on sale, reviews by several customers, and the distributors (contributors) who sell them.
 * Everything here is data; seed.service.ts stores it, and the pictures are drawn by @shop/media's DEMO_ART.
 */

/** How to look after a material: a sentence for the description and a short label for the specifications. */
export const CARE = {
  cotton: { note: 'Machine wash at 30 °C with similar colours and tumble dry low, or line dry to keep it at its best.', label: 'Machine wash 30 °C' },
  linen: {
    note: 'Machine wash cool on a gentle cycle, line dry and iron while still slightly damp; linen softens with every wash.',
    label: 'Gentle wash 30 °C, line dry',
  },
  wool: {
    note: 'Hand wash cold with a wool detergent, press the water out in a towel and dry flat; never tumble dry. Airing it between wears is often enough.',
    label: 'Hand wash cold, dry flat',
  },
  cashmere: {
    note: 'Hand wash cold with a cashmere shampoo, roll in a towel and dry flat away from heat; store folded, never on a hanger.',
    label: 'Hand wash cold, dry flat',
  },
  silk: {
    note: 'Dry clean, or hand wash cold with a silk detergent without wringing; iron on low from the reverse.',
    label: 'Dry clean or hand wash cold',
  },
  denim: { note: 'Wash inside out, cold and not too often to keep the indigo deep; hang to dry rather than tumble.', label: 'Wash inside out, cold' },
  viscose: { note: 'Hand wash or a gentle cold cycle; viscose shrinks with heat, so dry flat and iron on low.', label: 'Gentle wash cold, dry flat' },
  pleats: {
    note: 'Machine wash cold inside out on a gentle cycle and hang to dry: the pleats fall back into place without ironing.',
    label: 'Gentle wash cold, hang dry',
  },
  fleece: {
    note: 'Machine wash at 30 °C inside out and tumble dry low; skip fabric softener so the brushed back stays soft.',
    label: 'Machine wash 30 °C, inside out',
  },
  down: {
    note: 'Machine wash cold on a gentle cycle with a down wash, then tumble dry low with two clean tennis balls to restore the loft.',
    label: 'Down wash, tumble dry low',
  },
  shell: {
    note: 'Wash with a technical cleaner when it stops beading, then tumble dry low to reactivate the water-repellent finish.',
    label: 'Tech wash, tumble dry low',
  },
  tailoring: {
    note: 'Brush after wear, hang it on a shaped hanger and have it dry cleaned by a specialist once a season; never machine wash.',
    label: 'Specialist dry clean',
  },
  leather: {
    note: 'Wipe clean with a damp cloth and condition every few months with a leather balm; let it dry naturally, away from radiators.',
    label: 'Wipe clean, condition',
  },
  nubuck: {
    note: 'Brush off dry mud with a nubuck brush and refresh the waterproofing spray each season; let wet boots dry slowly at room temperature.',
    label: 'Brush clean, re-proof',
  },
  canvasShoe: {
    note: 'Brush off dirt and spot clean with mild soap and a soft brush; air dry stuffed with paper, away from direct heat.',
    label: 'Spot clean, air dry',
  },
  waxedCanvas: {
    note: 'Spot clean with cold water only, no soap; re-wax once a year to keep it weatherproof.',
    label: 'Cold water only, re-wax yearly',
  },
  mesh: { note: 'Take out the insoles, brush off dirt and hand wash with mild soap; air dry, never in the dryer.', label: 'Hand wash, air dry' },
  nylon: { note: 'Empty it, then wipe clean with a damp cloth and mild soap; let it dry fully, open, before storing.', label: 'Wipe clean' },
  tarpaulin: { note: 'Fully waterproof: rinse or wipe clean, and dry it open so the roll-top seal stays supple.', label: 'Rinse or wipe clean' },
  vegan: { note: 'Wipe clean with a damp cloth; avoid solvents and store it stuffed so it keeps its shape.', label: 'Wipe clean' },
  eyewear: {
    note: 'Clean the lenses with the microfibre pouch and lukewarm water only; keep them in the case, never on a hot dashboard.',
    label: 'Microfibre clean, store in case',
  },
  watch: {
    note: 'Water resistant to 5 ATM: fine in the rain and while washing your hands, not for swimming. Wipe the strap dry after wear.',
    label: 'Water resistant 5 ATM',
  },
  diveWatch: {
    note: 'Water resistant to 10 ATM (100 m): fine for swimming and snorkelling, not for diving; never press the pushers under water.',
    label: 'Water resistant 10 ATM',
  },
} as const;

export type Care = keyof typeof CARE;

/**
 * Which kind of art a product's name calls for, first match wins: boots are drawn as boots, a bandana as a folded
 * bandana, an overcoat as an overcoat. The catalogue names each product's kind explicitly; demo-catalog.spec.ts
 * holds every one to this table.
 */
export const NAME_KIND_RULES: ReadonlyArray<readonly [RegExp, DemoKind]> = [
  [/\bboots?\b/i, 'boot'],
  [/\b(sneakers?|trainers?)\b/i, 'sneaker'],
  [/\bbandana\b/i, 'bandana'],
  [/\bscarf\b/i, 'scarf'],
  [/\b(watch|chronograph)\b/i, 'watch'],
  [/\bsunglasses\b/i, 'sunglasses'],
  [/\bcap\b/i, 'cap'],
  [/\bbeanie\b/i, 'beanie'],
  [/\bbelt\b/i, 'belt'],
  [/\bbackpack\b/i, 'backpack'],
  [/\b(weekender|holdall|duffel)\b/i, 'weekender'],
  [/\bsatchel\b/i, 'satchel'],
  [/\bcrossbody\b/i, 'crossbody'],
  [/\b(tote|bag)\b/i, 'bag'],
  [/\bhoodie\b/i, 'hoodie'],
  [/\bcardigan\b/i, 'cardigan'],
  [/\b(sweater|pullover|sweatshirt|jumper)\b/i, 'sweater'],
  [/\b(overcoat|coat)\b/i, 'overcoat'],
  [/\bpuffer\b/i, 'puffer'],
  [/\bvarsity\b/i, 'varsity'],
  [/\bbiker\b/i, 'biker'],
  [/\b(rain shell|shell|parka|raincoat)\b/i, 'rainshell'],
  [/\bjacket\b/i, 'jacket'],
  [/\bfloral\b.*\bdress\b/i, 'floralDress'],
  [/\b(dress|sundress)\b/i, 'dress'],
  [/\bskirt\b/i, 'skirt'],
  [/\bjeans\b/i, 'jeans'],
  [/\bshorts\b/i, 'shorts'],
  [/\b(trousers|pants|chinos)\b/i, 'trousers'],
  [/\b(breton|striped)\b/i, 'breton'],
  [/\bshirt\b/i, 'shirt'],
  [/\b(tee|t-shirt|top)\b/i, 'tshirt'],
];

/** The kind a product's name calls for, or undefined when no rule matches. */
export function kindForName(name: string): DemoKind | undefined {
  return NAME_KIND_RULES.find(([pattern]) => pattern.test(name))?.[1];
}

/** Kinds worn on the body: sold in letter sizes (or waist sizes), never "One size". */
export const OUTERWEAR: ReadonlySet<DemoKind> = new Set(['jacket', 'overcoat', 'puffer', 'varsity', 'biker', 'rainshell']);
export const LETTER_SIZED: ReadonlySet<DemoKind> = new Set([
  'tshirt',
  'shirt',
  'breton',
  'hoodie',
  'sweater',
  'cardigan',
  'dress',
  'floralDress',
  'skirt',
  'shorts',
  ...OUTERWEAR,
]);
export const WAIST_SIZED: ReadonlySet<DemoKind> = new Set(['jeans', 'trousers']);
export const SHOE_SIZED: ReadonlySet<DemoKind> = new Set(['sneaker', 'boot']);
/** Belts come in lengths (cm). */
const BELT_SIZES = ['80', '90', '100', '110'];

export interface DemoColour {
  name: string;
  hex: string;
}

export interface DemoVariant {
  sku: string;
  /** Empty for a one-size product sold in several colours (a variant per colour). */
  size: string;
  colour: string;
  countInStock: number;
  /** Index into the product's colours: its picture is that colour's front view. */
  colourIndex: number;
}

export interface DemoReview {
  /** Index into DEMO_REVIEWERS. */
  reviewer: number;
  rating: number;
  comment: string;
  /** When it was written, in days before the seed: after the product was listed, never in the future. */
  daysAgo: number;
}

export interface DemoProduct {
  name: string;
  /** The kind of product: its art is DEMO_ART[kind]. */
  kind: DemoKind;
  brand: string;
  /** Price in cents. */
  price: number;
  /** Price before the sale, in cents: the product shows on the offers page. */
  compareAt?: number;
  category: string;
  /** The first colour is the product's main picture; each further colour gets a front view of its own. */
  colours: DemoColour[];
  background: string;
  description: string;
  specs: Record<string, string>;
  care: Care;
  /** Units in stock: the variants' sum when there are variants. */
  stock: number;
  variants: DemoVariant[];
  reviews: DemoReview[];
  /** E-mail of the distributor who sells it (a contributor); none for the shop's own lines. */
  ownerEmail?: string;
  special?: boolean;
  /** Where it is made (the Origin specification). */
  origin: string;
  /** When it was listed, in days before the seed: later products are newer. */
  listedDaysAgo: number;
}

/** Demo distributors beside DEMO_ACCOUNTS.distributor, each selling its own brand. */
export const DEMO_CONTRIBUTORS = [
  { email: 'alpine@demo.shop', username: 'Ingrid Solberg', storeName: 'Alpine Co. Outfitters', brand: 'Alpine Co.', joinedDaysAgo: 540 },
  { email: 'maisonvale@demo.shop', username: 'Camille Laurent', storeName: 'Maison Vale Atelier', brand: 'Maison Vale', joinedDaysAgo: 470 },
  { email: 'stridelab@demo.shop', username: 'Daniel Okafor', storeName: 'Stride Lab', brand: 'Stride Lab', joinedDaysAgo: 330 },
] as const;

/** The demo distributor of DEMO_ACCOUNTS sells the studio line (the special products). */
export const STUDIO_DISTRIBUTOR_EMAIL = 'distributor@demo.shop';
/** When the studio's distributor account joined, in days before the seed. */
export const STUDIO_JOINED_DAYS_AGO = 400;

/** Customers who wrote the demo reviews; each joined before the oldest product was listed. */
export const DEMO_REVIEWERS = [
  { email: 'maya.chen@demo.shop', username: 'Maya Chen', joinedDaysAgo: 610 },
  { email: 'tomas.herrera@demo.shop', username: 'Tomás Herrera', joinedDaysAgo: 455 },
  { email: 'priya.nair@demo.shop', username: 'Priya Nair', joinedDaysAgo: 388 },
  { email: 'jonas.weber@demo.shop', username: 'Jonas Weber', joinedDaysAgo: 512 },
  { email: 'aisha.bello@demo.shop', username: 'Aisha Bello', joinedDaysAgo: 341 },
  { email: 'liam.oconnor@demo.shop', username: "Liam O'Connor", joinedDaysAgo: 367 },
] as const;

/** Public coupons on /offers (the FAQ sends shoppers there). Stored as the coupons collection keeps them: a whole percent, or cents off. */
export const DEMO_COUPONS = [
  {
    code: 'WELCOME10',
    description: 'Welcome offer: one order, once per customer.',
    type: 'percent',
    value: 10,
    minSubtotalCents: 0,
    perCustomerLimit: 1,
  },
  { code: 'SAVE15', description: 'Any order of $100 or more.', type: 'fixed', value: 1500, minSubtotalCents: 10000 },
  { code: 'BUNDLE20', description: 'For a whole outfit: orders of $250 or more.', type: 'percent', value: 20, minSubtotalCents: 25000 },
] as const satisfies ReadonlyArray<{
  code: string;
  description: string;
  type: 'percent' | 'fixed';
  value: number;
  minSubtotalCents: number;
  perCustomerLimit?: number;
}>;

export const DEMO_CATEGORIES = [
  'T-Shirts & Tops',
  'Hoodies & Sweaters',
  'Dresses & Skirts',
  'Jeans & Trousers',
  'Outerwear',
  'Shoes',
  'Bags',
  'Accessories',
];

interface Row {
  name: string;
  kind: DemoKind;
  brand: string;
  price: number;
  category: number;
  colours: [string, string][];
  material: string;
  care: Care;
  /** Two or three sentences written for this product. */
  copy: string;
}

const row = (
  name: string,
  kind: DemoKind,
  brand: string,
  price: number,
  category: number,
  colours: [string, string][],
  material: string,
  care: Care,
  copy: string,
): Row => ({ name, kind, brand, price, category, colours, material, care, copy });

const ROWS: Row[] = [
  row(
    'Essential Crew Tee',
    'tshirt',
    'Northloom',
    1900,
    0,
    [
      ['White', '#f5f5f4'],
      ['Black', '#1c1917'],
    ],
    '100% organic cotton',
    'cotton',
    'A heavyweight everyday tee with a relaxed fit and a ribbed crew neck that keeps its shape wash after wash. The 220 g jersey is dense enough to wear on its own and soft enough to layer.',
  ),
  row(
    'Sunset Graphic Tee',
    'tshirt',
    'Coastline',
    2400,
    0,
    [['Sunset orange', '#f97316']],
    'Cotton jersey',
    'cotton',
    'Soft jersey printed with a warm gradient, cut slightly boxy for easy summer layering. Water-based inks keep the print soft to the touch.',
  ),
  row(
    'Striped Breton Top',
    'breton',
    'Maison Vale',
    3900,
    0,
    [
      ['Navy stripe', '#1e3a8a'],
      ['Red stripe', '#b91c1c'],
    ],
    'Cotton',
    'cotton',
    'Classic Breton stripes, navy or red on white, in a dense cotton knit with a wide boat neck. Three-quarter sleeves and a straight hem that sits just below the hip.',
  ),
  row(
    'Linen Camp Shirt',
    'shirt',
    'Northloom',
    4900,
    0,
    [
      ['Sage', '#a3b18a'],
      ['Sand', '#d6c7a1'],
    ],
    'European linen',
    'linen',
    'Breathable linen with a camp collar and a straight hem, made for warm evenings. Coconut buttons and a single chest pocket.',
  ),
  row(
    'Oversized Pocket Tee',
    'tshirt',
    'Urban Thread',
    2200,
    0,
    [['Black', '#111827']],
    'Cotton',
    'cotton',
    'A dropped-shoulder tee with a chest pocket and a longer back hem. Sized generously: take your usual size for the oversized look.',
  ),
  row(
    'Merino Pullover',
    'sweater',
    'Alpine Co.',
    8900,
    1,
    [
      ['Tobacco', '#78350f'],
      ['Charcoal', '#374151'],
    ],
    'Extra-fine merino',
    'wool',
    'Light, warm and itch-free merino with fully fashioned shoulders. Thin enough to wear under a blazer, warm enough on its own in autumn.',
  ),
  row(
    'Classic Zip Hoodie',
    'hoodie',
    'Urban Thread',
    5900,
    1,
    [
      ['Heather grey', '#6b7280'],
      ['Navy', '#1e3a8a'],
    ],
    'Brushed fleece',
    'fleece',
    'A brushed-back fleece hoodie with a metal zip and a lined hood. Flat drawcords and ribbed cuffs that do not bag out.',
  ),
  row(
    'Cable Knit Sweater',
    'sweater',
    'Maison Vale',
    7900,
    1,
    [['Ecru', '#e7e5e4']],
    'Wool blend',
    'wool',
    'Chunky cables in a soft wool blend, finished with ribbed cuffs. A roomy fit made for layering over shirts.',
  ),
  row(
    'Cropped Sweatshirt',
    'sweater',
    'Coastline',
    4200,
    1,
    [
      ['Blush', '#f9a8d4'],
      ['Mint', '#86efac'],
    ],
    'Cotton fleece',
    'fleece',
    'A cropped crew in a pastel fleece with a raw-edge hem. Pairs with high-waisted jeans and skirts.',
  ),
  row(
    'Fisherman Cardigan',
    'cardigan',
    'Alpine Co.',
    9500,
    1,
    [['Moss', '#365314']],
    'Lambswool',
    'wool',
    'A button-through cardigan knitted in a textured fisherman rib. Horn buttons and two patch pockets deep enough for gloves.',
  ),
  row(
    'Floral Midi Dress',
    'floralDress',
    'Maison Vale',
    8900,
    2,
    [
      ['Rose print', '#be185d'],
      ['Blue print', '#1d4ed8'],
    ],
    'Viscose',
    'viscose',
    'A flowing midi with a tie waist and a small floral print. Lined bodice, adjustable straps and a skirt that moves when you walk.',
  ),
  row(
    'Little Black Dress',
    'dress',
    'Maison Vale',
    9900,
    2,
    [['Black', '#0f172a']],
    'Viscose crepe',
    'viscose',
    'A timeless sleeveless shift in a matte crepe that travels well. An invisible back zip and a clean, unlined finish.',
  ),
  row(
    'Linen Sundress',
    'dress',
    'Coastline',
    6900,
    2,
    [['Butter', '#fde68a']],
    'Linen',
    'linen',
    'Adjustable straps, side pockets and a breezy A-line skirt. Washed linen, soft from the first wear.',
  ),
  row(
    'Pleated Midi Skirt',
    'skirt',
    'Northloom',
    5900,
    2,
    [
      ['Teal', '#0e7490'],
      ['Plum', '#6b21a8'],
    ],
    'Recycled polyester',
    'pleats',
    'Sharp pleats that move with you, on a comfortable elastic waist. Made from recycled bottles and fully lined.',
  ),
  row(
    'Denim Mini Skirt',
    'skirt',
    'Urban Thread',
    4500,
    2,
    [['Mid blue', '#3b82f6']],
    'Rigid denim',
    'denim',
    'A five-pocket mini in rigid denim with a frayed hem. Sits on the waist and softens as you wear it.',
  ),
  row(
    'Straight Leg Jeans',
    'jeans',
    'Urban Thread',
    7900,
    3,
    [
      ['Indigo', '#1d4ed8'],
      ['Washed black', '#27272a'],
    ],
    'Japanese selvedge denim',
    'denim',
    'Mid-rise straight jeans in a 13 oz Japanese selvedge denim that fades beautifully. Copper rivets, a button fly and a 32-inch inseam to turn up.',
  ),
  row(
    'Slim Black Jeans',
    'jeans',
    'Urban Thread',
    6900,
    3,
    [['Black', '#1f2937']],
    'Stretch denim',
    'denim',
    'A slim fit with a little stretch for all-day comfort. A deep black that holds its colour when washed inside out.',
  ),
  row(
    'Wide Leg Trousers',
    'trousers',
    'Maison Vale',
    8500,
    3,
    [
      ['Stone', '#d6d3d1'],
      ['Navy', '#1e3a8a'],
    ],
    'Wool blend',
    'tailoring',
    'High-waisted trousers with pressed creases and a fluid drape. Side pockets and a hook-and-bar closure.',
  ),
  row(
    'Cargo Pants',
    'trousers',
    'Northloom',
    6500,
    3,
    [
      ['Olive', '#4d7c0f'],
      ['Khaki', '#a8a29e'],
    ],
    'Cotton ripstop',
    'cotton',
    'Relaxed cargos with bellows pockets and adjustable hems. Ripstop cotton that shrugs off scrapes.',
  ),
  row(
    'Chino Shorts',
    'shorts',
    'Coastline',
    3900,
    3,
    [
      ['Tan', '#d4a373'],
      ['Navy', '#1e3a8a'],
    ],
    'Cotton twill',
    'cotton',
    'Garment-dyed chino shorts with a 7-inch inseam. Slant pockets in front, a welt pocket at the back.',
  ),
  row(
    'Wool Overcoat',
    'overcoat',
    'Alpine Co.',
    22900,
    4,
    [
      ['Charcoal', '#44403c'],
      ['Camel', '#b45309'],
    ],
    'Wool and cashmere',
    'tailoring',
    'A single-breasted overcoat cut long, with a half lining. Roomy enough to wear over a chunky knit.',
  ),
  row(
    'Denim Trucker Jacket',
    'jacket',
    'Urban Thread',
    8900,
    4,
    [['Light wash', '#60a5fa']],
    'Denim',
    'denim',
    'The classic trucker with button flap pockets and a boxy fit. Pleated front panels and adjustable waist tabs.',
  ),
  row(
    'Quilted Puffer',
    'puffer',
    'Alpine Co.',
    15900,
    4,
    [
      ['Red', '#dc2626'],
      ['Black', '#18181b'],
    ],
    'Recycled down',
    'down',
    'Light, warm and packable, with a water-repellent shell. Packs into its own pocket for travel.',
  ),
  row(
    'Rain Shell',
    'rainshell',
    'Northloom',
    11900,
    4,
    [['Yellow', '#facc15']],
    'Waterproof nylon',
    'shell',
    'A seam-sealed shell with a peaked hood and pit zips. 20,000 mm waterproof and light enough to live in a bag.',
  ),
  row(
    'Leather Biker Jacket',
    'biker',
    'Maison Vale',
    29900,
    4,
    [['Black', '#18181b']],
    'Lamb leather',
    'leather',
    'Soft lamb leather with an asymmetric zip and quilted shoulders. It moulds to you over the first weeks of wear.',
  ),
  row(
    'Canvas Sneakers',
    'sneaker',
    'Coastline',
    5900,
    5,
    [['Off white', '#f8fafc']],
    'Canvas and rubber',
    'canvasShoe',
    'Low-top canvas sneakers on a vulcanised rubber sole. A cushioned insole and metal eyelets.',
  ),
  row(
    'Running Trainers',
    'sneaker',
    'Stride Lab',
    11900,
    5,
    [
      ['Green', '#22c55e'],
      ['Black', '#1f2937'],
    ],
    'Engineered mesh',
    'mesh',
    'Responsive cushioning and a breathable knit upper for daily miles. 8 mm drop and a grippy rubber outsole.',
  ),
  row(
    'Leather Chelsea Boots',
    'boot',
    'Maison Vale',
    16900,
    5,
    [['Chestnut', '#7c2d12']],
    'Full-grain leather',
    'leather',
    'Elastic-sided boots on a stitched, resoleable sole. A pull tab at the back and a stacked leather heel.',
  ),
  row(
    'Hiking Boots',
    'boot',
    'Alpine Co.',
    14900,
    5,
    [['Stone', '#57534e']],
    'Nubuck',
    'nubuck',
    'Waterproof nubuck boots with a grippy lugged outsole. A breathable membrane and a padded collar for long days on the trail.',
  ),
  row(
    'Court Sneakers',
    'sneaker',
    'Stride Lab',
    8900,
    5,
    [['White', '#e5e7eb']],
    'Leather',
    'leather',
    'Clean leather court shoes with a padded collar. A cupsole stitched all round for years of wear.',
  ),
  row(
    'Leather Tote',
    'bag',
    'Maison Vale',
    18900,
    6,
    [['Tan', '#92400e']],
    'Vegetable-tanned leather',
    'leather',
    'A roomy open tote that softens and darkens with use. Fits a 15-inch laptop, with an inner zip pocket.',
  ),
  row(
    'Canvas Weekender',
    'weekender',
    'Northloom',
    12900,
    6,
    [['Slate', '#64748b']],
    'Waxed canvas',
    'waxedCanvas',
    'A weekend bag with leather handles and a shoe pocket. 40 litres, and within most airlines’ cabin sizes.',
  ),
  row(
    'Everyday Backpack',
    'backpack',
    'Urban Thread',
    7900,
    6,
    [
      ['Teal', '#0f766e'],
      ['Black', '#111827'],
    ],
    'Recycled nylon',
    'nylon',
    'A padded laptop sleeve, a water-resistant shell and hidden pockets. 22 litres with a luggage pass-through.',
  ),
  row(
    'Mini Crossbody',
    'crossbody',
    'Coastline',
    4900,
    6,
    [['Pink', '#db2777']],
    'Vegan leather',
    'vegan',
    'Just big enough for phone, keys and cards, with an adjustable strap. A magnetic flap and a card slot at the back.',
  ),
  row(
    'Roll-top Backpack',
    'backpack',
    'Alpine Co.',
    9900,
    6,
    [['Orange', '#ea580c']],
    'Waterproof tarpaulin',
    'tarpaulin',
    'Weatherproof roll-top pack for commutes in any weather. Reflective details and a chest strap.',
  ),
  row(
    'Wool Beanie',
    'beanie',
    'Alpine Co.',
    2900,
    7,
    [
      ['Red', '#b91c1c'],
      ['Grey', '#6b7280'],
    ],
    'Merino wool',
    'wool',
    'A rib-knit beanie with a deep cuff. Warm without the itch, and it folds flat into a pocket.',
  ),
  row(
    'Baseball Cap',
    'cap',
    'Urban Thread',
    2500,
    7,
    [['Blue', '#1e40af']],
    'Cotton twill',
    'cotton',
    'An unstructured six-panel cap with an adjustable strap and a gently curved brim. Embroidered eyelets keep it cool in summer.',
  ),
  row(
    'Aviator Sunglasses',
    'sunglasses',
    'Coastline',
    6900,
    7,
    [['Gold', '#a16207']],
    'Metal frame',
    'eyewear',
    'Polarised lenses with full UV400 protection in a light metal frame. Adjustable nose pads and spring hinges.',
  ),
  row(
    'Minimal Watch',
    'watch',
    'Stride Lab',
    14900,
    7,
    [['Slate', '#334155']],
    'Stainless steel',
    'watch',
    'A 38 mm case, sapphire glass and a quick-release leather strap. A Japanese quartz movement with a three-year battery.',
  ),
  row(
    'Cashmere Scarf',
    'scarf',
    'Maison Vale',
    8900,
    7,
    [
      ['Lilac', '#c084fc'],
      ['Oatmeal', '#d6c7a1'],
    ],
    'Cashmere',
    'cashmere',
    'Featherlight, generously long and brushed for extra softness. 200 × 35 cm with hand-knotted fringes.',
  ),
  row(
    'Leather Belt',
    'belt',
    'Northloom',
    4500,
    7,
    [['Brown', '#78350f']],
    'Bridle leather',
    'leather',
    'A 35 mm belt with a solid brass buckle. Cut from one piece of bridle leather, edges burnished by hand.',
  ),
  row(
    'Silk Bandana',
    'bandana',
    'Coastline',
    3200,
    7,
    [['Coral', '#f43f5e']],
    'Silk twill',
    'silk',
    'A hand-rolled silk square, folded into a triangle to wear at the neck, in the hair or on a bag. 55 × 55 cm.',
  ),
];

/**
 * The studio line: the spec's special products (/specialshop), each with an Add to Cart button on its card. The
 * clothes and boots are made in small runs of one real size each (SPECIAL_SIZES): the current run's size is in the
 * copy and the Size specification, with two or three pieces left.
 */
const SPECIAL_ROWS: Row[] = [
  row(
    'Limited Edition Varsity Jacket',
    'varsity',
    'Threadline Studio',
    24900,
    4,
    [['Burgundy', '#7f1d1d']],
    'Wool and leather',
    'tailoring',
    'A numbered varsity jacket with chenille patches and leather sleeves. Wool body, quilted lining and striped rib trims.',
  ),
  row(
    'Designer Silk Dress',
    'dress',
    'Threadline Studio',
    32900,
    2,
    [['Violet', '#4c1d95']],
    'Mulberry silk',
    'silk',
    'A bias-cut silk gown from our studio collection. It skims the body and pools softly at the hem.',
  ),
  row(
    'Handmade Leather Satchel',
    'satchel',
    'Threadline Studio',
    27900,
    6,
    [['Saddle', '#713f12']],
    'Saddle leather',
    'leather',
    'Hand-stitched by one artisan, with a brass closure. Two inner compartments and a removable shoulder strap.',
  ),
  row(
    'Signature Chronograph',
    'watch',
    'Threadline Studio',
    39900,
    7,
    [['Ocean blue', '#0c4a6e']],
    'Titanium',
    'diveWatch',
    'A titanium chronograph with a sunray dial. Screw-down crown, luminous hands and a 42 mm case that weighs almost nothing.',
  ),
  row(
    'Cashmere Hoodie',
    'hoodie',
    'Threadline Studio',
    21900,
    1,
    [['Pebble', '#a8a29e']],
    'Cashmere',
    'cashmere',
    'The most comfortable hoodie we know, knitted from pure cashmere. A relaxed fit with a kangaroo pocket.',
  ),
  row(
    'Artisan Leather Boots',
    'boot',
    'Threadline Studio',
    29900,
    5,
    [['Dark brown', '#451a03']],
    'Horween leather',
    'leather',
    'Goodyear-welted boots built to last a decade. Resoleable again and again by any cobbler.',
  ),
  row(
    'Embroidered Denim Jacket',
    'jacket',
    'Threadline Studio',
    18900,
    4,
    [['Indigo', '#1e3a8a']],
    'Japanese denim',
    'denim',
    'Hand-embroidered panels on a heavy Japanese denim. Each jacket takes two days of needlework.',
  ),
];

/** The size of the current run of each studio piece of clothing or footwear. */
const SPECIAL_SIZES: Readonly<Record<string, string>> = {
  'Limited Edition Varsity Jacket': 'M',
  'Designer Silk Dress': 'S',
  'Cashmere Hoodie': 'L',
  'Artisan Leather Boots': '42',
  'Embroidered Denim Jacket': 'M',
};

/** Where each product is made: the Origin specification, in line with its copy and material (Japanese denim is woven and cut in Japan). */
const ORIGINS: Readonly<Record<string, string>> = {
  'Essential Crew Tee': 'Portugal',
  'Sunset Graphic Tee': 'Portugal',
  'Striped Breton Top': 'France',
  'Linen Camp Shirt': 'Portugal',
  'Oversized Pocket Tee': 'Turkey',
  'Merino Pullover': 'Italy',
  'Classic Zip Hoodie': 'Portugal',
  'Cable Knit Sweater': 'Italy',
  'Cropped Sweatshirt': 'Turkey',
  'Fisherman Cardigan': 'United Kingdom',
  'Floral Midi Dress': 'France',
  'Little Black Dress': 'France',
  'Linen Sundress': 'Portugal',
  'Pleated Midi Skirt': 'Portugal',
  'Denim Mini Skirt': 'Turkey',
  'Straight Leg Jeans': 'Japan',
  'Slim Black Jeans': 'Turkey',
  'Wide Leg Trousers': 'Italy',
  'Cargo Pants': 'Portugal',
  'Chino Shorts': 'Portugal',
  'Wool Overcoat': 'Italy',
  'Denim Trucker Jacket': 'Turkey',
  'Quilted Puffer': 'Vietnam',
  'Rain Shell': 'Vietnam',
  'Leather Biker Jacket': 'Italy',
  'Canvas Sneakers': 'Portugal',
  'Running Trainers': 'Vietnam',
  'Leather Chelsea Boots': 'Spain',
  'Hiking Boots': 'Italy',
  'Court Sneakers': 'Portugal',
  'Leather Tote': 'Italy',
  'Canvas Weekender': 'United Kingdom',
  'Everyday Backpack': 'Vietnam',
  'Mini Crossbody': 'Portugal',
  'Roll-top Backpack': 'Vietnam',
  'Wool Beanie': 'United Kingdom',
  'Baseball Cap': 'Portugal',
  'Aviator Sunglasses': 'Italy',
  'Minimal Watch': 'Japan',
  'Cashmere Scarf': 'Italy',
  'Leather Belt': 'United Kingdom',
  'Silk Bandana': 'Italy',
  'Limited Edition Varsity Jacket': 'United States',
  'Designer Silk Dress': 'Italy',
  'Handmade Leather Satchel': 'Italy',
  'Signature Chronograph': 'Switzerland',
  'Cashmere Hoodie': 'Italy',
  'Artisan Leather Boots': 'United States',
  'Embroidered Denim Jacket': 'Japan',
};

/** Sold out: every size and colour at 0. */
const SOLD_OUT: ReadonlySet<string> = new Set(['Linen Sundress', 'Aviator Sunglasses', 'Silk Bandana']);

const BACKGROUNDS = ['#f1f5f9', '#fef3c7', '#ecfccb', '#e0f2fe', '#fce7f3', '#ede9fe', '#f5f5f4', '#ffedd5'];

/** A small deterministic hash, so the demo data is the same on every run. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function sizesFor(kind: DemoKind, special: boolean): string[] {
  if (special) return [];
  if (LETTER_SIZED.has(kind)) return kind === 'dress' || kind === 'floralDress' || kind === 'skirt' ? ['XS', 'S', 'M', 'L'] : ['S', 'M', 'L', 'XL'];
  if (WAIST_SIZED.has(kind)) return ['28', '30', '32', '34', '36'];
  if (SHOE_SIZED.has(kind)) return ['39', '40', '41', '42', '43', '44'];
  if (kind === 'belt') return BELT_SIZES;
  return [];
}

/** How a size range reads in the specifications: shoe sizes are EU sizes, belts are lengths. */
function sizeLabel(kind: DemoKind, range: string): string {
  if (SHOE_SIZED.has(kind)) return `EU ${range}`;
  if (kind === 'belt') return `${range} cm`;
  return range;
}

function skuOf(name: string): string {
  return name
    .split(/[^A-Za-z]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase())
    .join('');
}

/** Sizes × colours, each with its own stock: the first of each colour always in stock (unless sold out), some others at 0. */
function variantsOf(r: Row, special: boolean): DemoVariant[] {
  const sizes = sizesFor(r.kind, special);
  const soldOut = SOLD_OUT.has(r.name);
  // One size in several colours: a variant per colour, so the colour chosen is the one ordered.
  if (sizes.length === 0) {
    if (special || r.colours.length < 2) return [];
    return r.colours.map(([colour], colourIndex) => {
      const h = hash(`${r.name}/${colour}`);
      return { sku: `${skuOf(r.name)}-${colour.slice(0, 3).toUpperCase()}`, size: '', colour, countInStock: soldOut ? 0 : 3 + (h % 10), colourIndex };
    });
  }
  return r.colours.flatMap(([colour], colourIndex) =>
    sizes.map((size, s) => {
      const h = hash(`${r.name}/${colour}/${size}`);
      const stock = soldOut ? 0 : s === 0 ? 2 + (h % 6) : h % 5 === 0 ? 0 : 1 + (h % 12);
      return { sku: `${skuOf(r.name)}-${size}-${colour.slice(0, 3).toUpperCase()}`, size, colour, countInStock: stock, colourIndex };
    }),
  );
}

/** What reviewers talk about: products of one group share the remarks that fit all of them. */
type Group = 'top' | 'dress' | 'bottom' | 'outer' | 'shoe' | 'bag' | 'hat' | 'neck' | 'eyewear' | 'watch' | 'belt';

const GROUP_OF: Record<DemoKind, Group> = {
  tshirt: 'top',
  shirt: 'top',
  breton: 'top',
  hoodie: 'top',
  sweater: 'top',
  cardigan: 'top',
  dress: 'dress',
  floralDress: 'dress',
  skirt: 'bottom',
  jeans: 'bottom',
  trousers: 'bottom',
  shorts: 'bottom',
  jacket: 'outer',
  overcoat: 'outer',
  puffer: 'outer',
  varsity: 'outer',
  biker: 'outer',
  rainshell: 'outer',
  sneaker: 'shoe',
  boot: 'shoe',
  bag: 'bag',
  weekender: 'bag',
  satchel: 'bag',
  crossbody: 'bag',
  backpack: 'bag',
  beanie: 'hat',
  cap: 'hat',
  scarf: 'neck',
  bandana: 'neck',
  sunglasses: 'eyewear',
  watch: 'watch',
  belt: 'belt',
};

const OPENERS: Record<number, string[]> = {
  5: ['Love it.', 'Absolutely worth it.', 'Beautiful quality.', 'Could not be happier.', 'Really impressed.'],
  4: ['Really nice.', 'Very pleased overall.', 'Good buy.', 'Nice quality for the price.', 'Happy with it.'],
  3: ['It is fine.', 'Mixed feelings.', 'Decent, not amazing.', 'Okay overall.'],
  2: ['Disappointed.', 'Not for me, sadly.', 'Expected more.', 'Not impressed.'],
  1: ['Sent it back.', 'Would not buy again.'],
};

type Remarks = Partial<Record<number, string[]>>;

/** Remarks that fit every product of a group, by rating. */
const GROUP_REMARKS: Record<Group, Remarks> = {
  top: {
    5: [
      'True to size: I took my usual medium and it fits perfectly.',
      'The colour is exactly as pictured and has not faded after several washes.',
      'Wore it three days in a row on holiday and it still looked fresh.',
      'Sits nicely at the shoulders and the length is just right.',
    ],
    4: [
      'Runs slightly large; size down if you are between sizes.',
      'Lovely fabric, though the sleeves are a little long on me.',
      'Great fit, though it creased in my suitcase.',
      'Even softer after the first wash.',
    ],
    3: [
      'Nice fabric, but the cut is boxier than the photos suggest.',
      'The colour is a shade darker than on my screen.',
      'Fine for the price; the neckline is a bit wide for me.',
    ],
    2: [
      'The seams started to twist after two washes.',
      'Much thinner than I expected for the price.',
      'The neckline stretched out almost straight away.',
      'The cut is unflattering and the fabric feels rough.',
    ],
    1: ['Arrived with a pulled thread on the front.', 'Shrank a full size in the first wash, even on cold.'],
  },
  dress: {
    5: ['Fits beautifully and the length is just right.', 'Got compliments every time I wore it.', 'Comes out of a suitcase without a crease.'],
    4: [
      'Lovely fabric; I needed a size down at the bust.',
      'Beautiful drape; the hem was a little long on me.',
      'Flattering cut, slightly see-through in bright sun.',
    ],
    3: ['Pretty, but the fit is looser than the photos suggest.', 'Nice dress, though the fabric creases more than I hoped.'],
    2: ['The fabric felt thinner than I expected for the price.', 'Runs very small across the shoulders.'],
    1: ['A seam came undone on the second wear.', 'Arrived with a mark on the front.'],
  },
  bottom: {
    5: [
      'Perfect at the waist and spot on at my usual size.',
      'Comfortable from the first wear, no stretching out by evening.',
      'Smart enough for the office and relaxed at the weekend.',
    ],
    4: ['The waist fits well; I had the hem taken up an inch.', 'Good fit; I went up a size for comfort at the hips.'],
    3: ['Fits at the waist but tight on the thighs.', 'Nice colour, though the fabric creases quickly.'],
    2: ['Sizing is off: two sizes up and still snug.', 'The fabric feels cheaper than the price suggests.'],
    1: ['A seam at the back split the first time I sat down.'],
  },
  outer: {
    5: [
      'Well made, and the fit over a knit is just right.',
      'Compliments every time I wear it out.',
      'The sleeves are the right length, which never happens for me.',
    ],
    4: ['Well made; the pockets could be a little deeper.', 'Looks great, runs a touch small across the shoulders.'],
    3: ['Looks good, but heavier than I expected.', 'Good looks; the fit is boxier than I hoped.'],
    2: ['A seam at the shoulder started to come apart within a month.', 'Heavier and stiffer than I expected for the price.'],
    1: ['Sent back: the sleeves were far too short for the size.'],
  },
  shoe: {
    5: [
      'Comfortable straight out of the box, no breaking in.',
      'Walked 15 km the first weekend without a single blister.',
      'The sole grips well on wet stone.',
    ],
    4: ['Half a size big; a thin insole fixed it.', 'Took a week to soften, really comfortable now.'],
    3: ['A little narrow for my feet, fine with thin socks.', 'They look great, but the heel rubs a bit.'],
    2: ['Pinched at the toe even a size up.'],
    1: ['The sole started to separate after a month.', 'The stitching at the heel was loose out of the box.'],
  },
  bag: {
    5: [
      'Carried it every day for months and it still looks new.',
      'The stitching is flawless and the hardware feels solid.',
      'Exactly as pictured, and the colour is lovely.',
    ],
    4: ['Solid and roomy, a bit heavy when empty.', 'Well made; I wish it had one more inside pocket.'],
    3: ['Nice, but smaller inside than it looks.', 'Good size, though the inner pocket is too shallow.'],
    2: ['The stitching at one corner is already coming loose.', 'Much flimsier than it looks in the photos.'],
    1: ['Arrived scuffed on one corner.'],
  },
  hat: {
    5: ['Fits my head well and stays put in the wind.', 'Goes with everything I own.'],
    4: ['Lovely; slightly smaller than I imagined.', 'Very nice, though the colour is a touch brighter than pictured.'],
    3: ['Does the job, nothing special.', 'Fine, but it sits a little high on my head.'],
    2: ['Lost its shape after a few wears.', 'The colour is much duller than pictured.'],
    1: ['Arrived with a pulled stitch.'],
  },
  neck: {
    5: ['Bought one for myself and one as a gift; both loved.', 'The colour is gorgeous in daylight.', 'Beautifully finished edges.'],
    4: ['Lovely, though the colour is softer than on screen.', 'Very nice; the packaging could be better.'],
    3: ['It is nice, but the colour is duller in daylight.', 'Pretty, though it creases easily.'],
    2: ['Feels cheaper than the price suggests.'],
    1: ['The edge started to unravel after a week.', 'Arrived with a snag in the fabric.'],
  },
  eyewear: {
    5: ['No glare at all on the water, and they feel very light.', 'The spring hinges make them comfortable all day.'],
    4: ['Great lenses; the nose pads needed a small adjustment.', 'Lovely frame, a little wide for my face.'],
    3: ['Good lenses, but the case is flimsy.', 'Fine, though they slide down my nose.'],
    2: ['The frame feels cheaper than the price suggests.'],
    1: ['A lens popped out within a week.', 'Arrived with a scratch on one lens.'],
  },
  watch: {
    5: ['Keeps perfect time and the dial is easy to read at a glance.', 'Light on the wrist and goes with everything.'],
    4: ['Lovely watch; the strap was stiff for the first week.', 'Elegant dial; the crown is a little small.'],
    3: ['Looks good, but the case scratches easily.', 'Nice, though the strap is a bit short for my wrist.'],
    2: ['The strap clasp keeps coming open.'],
    1: ['Stopped working after a week.', 'Arrived with a scratch on the glass.'],
  },
  belt: {
    5: ['The leather is thick and the buckle feels solid.', 'Looks better with every wear.'],
    4: [
      'Good belt; it was stiff at first.',
      'Lovely leather; the holes are spaced a little far apart.',
      'Well finished, though the keeper is a little tight.',
    ],
    3: ['Fine, but the edges are rougher than I expected.'],
    2: ['The leather creased badly within a month.', 'The edges are painted unevenly.'],
    1: ['The buckle came loose in the first week.', 'Arrived with a scratch across the buckle.'],
  },
};

/** Remarks only one kind of product earns, by rating. */
const KIND_REMARKS: Partial<Record<DemoKind, Remarks>> = {
  tshirt: { 5: ['Heavy enough to wear on its own, not see-through at all.'], 4: ['The neck rib keeps its shape; the hem rides up a little.'] },
  shirt: { 5: ['The buttons are sewn on properly and the collar sits flat.'], 4: ['Breathes well on hot days; it creases easily, as linen does.'] },
  breton: {
    5: ['The stripes line up at the side seams, a sign of care.'],
    4: ['Crisp stripes; the boat neck is wider than I expected.'],
    3: ['Lovely stripes, but the sleeves are shorter than I like.'],
  },
  hoodie: {
    5: ['The hood is lined and actually stays up in the wind.'],
    4: ['The drawcords lie flat; the cuffs are a bit tight.'],
    3: ['Cosy, though the pocket sags when I carry my phone in it.'],
  },
  sweater: {
    5: ['Warm without being bulky, and no itch at all.'],
    4: ['A little pilling under the arms after a month, easy to comb off.'],
    3: ['Warm, but the ribbed cuffs have loosened.'],
  },
  cardigan: { 5: ['The buttons are solid and the pockets hold gloves easily.'], 4: ['Warm and well knitted; the sleeves are a touch long.'] },
  floralDress: {
    5: ['The print is even prettier in person and the colours stay bright.'],
    4: ['The tie waist is flattering; the print is smaller than I imagined.'],
    3: ['Pretty print, but the straps need shortening.'],
  },
  jeans: {
    5: ['The denim is sturdy and already fading nicely at the knees.'],
    4: ['A bit stiff at first but softening nicely.'],
    3: ['The colour bled a little in the first wash, fine since.'],
    1: ['The button came off on the second day.'],
  },
  trousers: { 5: ['Pockets deep enough for a phone, finally.'], 3: ['Good trousers, but the pockets gape a little.'] },
  shorts: { 5: ['The length is just above the knee, exactly what I wanted.'] },
  skirt: { 5: ['Moves beautifully when I walk and stays in place at the waist.'], 3: ['It sits higher on the waist than I expected.'] },
  jacket: { 5: ['The denim is thick and the stitching is spotless.'], 4: ['Boxy as described; I sized down for a neater fit.'] },
  overcoat: {
    5: ['Warm enough for a windy winter commute, and it looks sharp over a suit.'],
    4: ['Beautiful cloth; it needs a good brush after every wear.'],
    2: ['Not warm enough on its own below freezing.'],
  },
  puffer: {
    5: ['Incredibly warm for how little it weighs, and it packs down small.'],
    4: ['Warm and light; a feather pokes through now and then.'],
    3: ['Warm, but it rustles more than I would like.'],
    2: ['Lost its loft after the first wash.'],
    1: ['The zip broke within a week.'],
  },
  varsity: { 5: ['The chenille patches and the leather sleeves are beautifully done.'], 4: ['Fun and well made; the rib collar is a bit snug.'] },
  biker: {
    5: ['The leather is soft straight away and moulds to you quickly.'],
    4: ['Great jacket; the zip took a few days to run smoothly.'],
    3: ['Looks the part, but the leather smell lasted weeks.'],
    1: ['The zip broke within a week.'],
  },
  rainshell: {
    5: ['Kept me dry through a proper downpour on my bike.'],
    4: ['Waterproof and light; the hood is a little roomy.'],
    3: ['Dry outside, but I get clammy inside on warm days.'],
    2: ['Water came in at the shoulders after an hour of rain.'],
  },
  boot: { 5: ['Solid boots; the leather has already shaped to my feet.'], 4: ['Heavy but sturdy, and they look better with every wear.'] },
  sneaker: { 5: ['Light on the foot, and they go with everything.'], 4: ['Comfortable all day; the laces are a bit short.'] },
  bag: {
    5: ['My 15-inch laptop, a water bottle and lunch fit with room to spare.'],
    4: ['The leather is darkening nicely; it is heavier than it looks.'],
  },
  weekender: {
    5: ['Perfect for two nights away, and it fits in the overhead locker.'],
    4: ['Roomy, and the shoe pocket is handy; the shoulder strap could be wider.'],
  },
  satchel: { 5: ['The buckles and the hand stitching are beautiful; it gets better with age.'] },
  crossbody: { 5: ['Just fits my phone, keys and cards, and the strap adjusts nicely.'], 3: ['Cute, but too small for my bigger phone.'] },
  backpack: {
    5: ['Fits my laptop and a change of clothes, and sits comfortably on my back.'],
    4: ['Comfortable straps; the side pockets are a bit tight for a bottle.'],
    3: ['Good pack, but the back panel gets warm on long walks.'],
  },
  beanie: { 5: ['Warm without the itch, and the cuff folds neatly.'] },
  cap: { 5: ['The brim has the perfect curve, and the strap adjusts easily.'] },
  scarf: { 5: ['So soft, and long enough to wrap twice.'], 4: ['Warm and soft; a little fluff at first.'] },
  bandana: { 5: ['Looks great knotted at the neck or tied in my hair.'], 4: ['The silk is lovely; it slips a little when tied in my hair.'] },
};

/** The remarks a product of this kind can get at this rating: its kind's own first, then its group's. */
export function remarksFor(kind: DemoKind, rating: number): string[] {
  return [...(KIND_REMARKS[kind]?.[rating] ?? []), ...(GROUP_REMARKS[GROUP_OF[kind]][rating] ?? [])];
}

/** Remarks that tell how long the reviewer has had the product: only written once they have had it that many days. */
const TIME_CLAIMS: ReadonlyArray<readonly [RegExp, number]> = [
  [/\bmonths\b|fading nicely|gets better with age|darkening/i, 75],
  [/\ba month\b|\bweeks\b|after .* washes|second wear|second day/i, 30],
  [/\ba week\b|first week|two washes|few wears|took a week|few days/i, 10],
];

/** Days a reviewer has had the product: from its listing (plus delivery) to the review. */
const DELIVERY_DAYS = 4;

function fitsTime(remark: string, daysOwned: number): boolean {
  return TIME_CLAIMS.every(([claim, days]) => !claim.test(remark) || daysOwned >= days);
}

/** Materials a reviewer would not say "feels" about (fillings, frames, metals, technical shells). */
const UNFELT = /down|metal|steel|titanium|tarpaulin|nylon|polyester|mesh|rubber/i;
/** Adjectives that keep their capital inside a sentence. */
const PROPER = /^(Japanese|European|Horween)\b/;

/** A sentence about this product's own material or colour, or '' (the reviewer said nothing more). */
function personalNote(r: Row, rating: number, variant: number): string {
  if (variant === 1 && rating >= 4 && !UNFELT.test(r.material)) {
    const material = PROPER.test(r.material) ? r.material : r.material[0].toLowerCase() + r.material.slice(1);
    return ` The ${material} ${/\band\b/.test(material) ? 'feel' : 'feels'} ${rating === 5 ? 'lovely' : 'good'}.`;
  }
  if (variant === 2 && r.colours.length > 1) {
    const colour = r.colours[hash(r.name) % r.colours.length][0].toLowerCase();
    return rating >= 4 ? ` I went for ${colour}, and it is lovely in person.` : ` I bought it in ${colour}.`;
  }
  return '';
}

/**
 * Reviews: none on some products, otherwise three to six reviewers with ratings around the product's quality. Each
 * text is its kind's or group's words (a bandana never "stopped working") and no two reviews in the shop read the
 * same; each is dated between the product's listing and the seed.
 */
function reviewsOf(r: Row, index: number, listedDaysAgo: number, used: Set<string>): DemoReview[] {
  const count = [4, 3, 5, 0, 6, 3, 4, 5, 0, 3][index % 10];
  const quality = [5, 4, 4, 5, 3, 4, 5, 4, 3, 4, 5][index % 11];
  const spread = [0, 0, -1, 1, 0, -2];
  const first = index % DEMO_REVIEWERS.length;
  const ownRemarks = new Set<string>();
  return Array.from({ length: count }, (_, j) => {
    const rating = Math.max(1, Math.min(5, quality + spread[(index + j) % spread.length]));
    const h = hash(`${r.name}#${j}`);
    const openers = OPENERS[rating];
    // Between the listing (at least a day after it) and the seed (at least half a day before it), to the hour.
    const span = Math.max(0, listedDaysAgo - 1.5);
    const daysAgo = Math.round((0.5 + ((hash(`${r.name}@${j}`) % 1000) / 1000) * span) * 24) / 24;
    const remarks = remarksFor(r.kind, rating).filter((remark) => fitsTime(remark, listedDaysAgo - daysAgo - DELIVERY_DAYS));
    // The first unused combination from a point the hash picks: a remark not yet used on this product first.
    let comment: string | undefined;
    for (let pass = 0; pass < 2 && !comment; pass++) {
      for (let k = 0; k < remarks.length * openers.length * 3 && !comment; k++) {
        const remark = remarks[(h + Math.floor(k / (openers.length * 3))) % remarks.length];
        if (pass === 0 && ownRemarks.has(remark)) continue;
        const opener = openers[(h + k) % openers.length];
        const candidate = `${opener} ${remark}${personalNote(r, rating, (j + Math.floor(k / openers.length)) % 3)}`;
        if (!used.has(candidate)) {
          comment = candidate;
          ownRemarks.add(remark);
        }
      }
    }
    if (!comment) throw new Error(`demo catalogue: no unused review text left for ${r.name} at ${rating} stars`);
    used.add(comment);
    return { reviewer: (first + j) % DEMO_REVIEWERS.length, rating, comment, daysAgo };
  });
}

/** Listing dates: 14 days before the seed for the newest product, six days further back for each earlier one. */
function listedDaysAgoOf(position: number, total: number, name: string): number {
  return 14 + (total - 1 - position) * 6 + (hash(name) % 20) / 24;
}

function toProduct(r: Row, index: number, special: boolean, position: number, total: number, usedTexts: Set<string>): DemoProduct {
  const onSale = !special && index % 5 === 2;
  const variants = variantsOf(r, special);
  const soldOut = SOLD_OUT.has(r.name);
  const oneOff = special ? SPECIAL_SIZES[r.name] : undefined;
  const stock =
    variants.length > 0
      ? variants.reduce((sum, v) => sum + v.countInStock, 0)
      : soldOut
        ? 0
        : oneOff
          ? 2 + (index % 2)
          : special
            ? 5 + (index % 4)
            : [6, 3, 8, 12, 25, 40][index % 6];
  const care = CARE[r.care];
  const contributor = DEMO_CONTRIBUTORS.find((c) => c.brand === r.brand);
  const sizes = [...new Set(variants.map((v) => v.size).filter(Boolean))];
  const origin = ORIGINS[r.name];
  if (!origin) throw new Error(`demo catalogue: no origin for ${r.name}`);
  const listedDaysAgo = listedDaysAgoOf(position, total, r.name);
  const size: Record<string, string> =
    sizes.length > 0
      ? { Sizes: sizeLabel(r.kind, `${sizes[0]}–${sizes[sizes.length - 1]}`) }
      : { Size: oneOff ? sizeLabel(r.kind, oneOff) : 'One size' };
  const oneOffNote = oneOff ? ` Made in small numbered runs, one size per run: this run is in size ${sizeLabel(r.kind, oneOff)}.` : '';
  return {
    name: r.name,
    kind: r.kind,
    brand: r.brand,
    price: onSale ? Math.round((r.price * 0.8) / 100) * 100 - 1 : r.price,
    compareAt: onSale ? r.price : undefined,
    category: DEMO_CATEGORIES[r.category],
    colours: r.colours.map(([name, hex]) => ({ name, hex })),
    background: BACKGROUNDS[index % BACKGROUNDS.length],
    description: `${r.copy}${oneOffNote} Care: ${care.note}`,
    specs: {
      Material: r.material,
      ...size,
      Colours: r.colours.map(([name]) => name).join(', '),
      Care: care.label,
      Origin: origin,
    },
    care: r.care,
    stock,
    variants,
    reviews: reviewsOf(r, index + (special ? ROWS.length : 0), listedDaysAgo, usedTexts),
    ownerEmail: special ? STUDIO_DISTRIBUTOR_EMAIL : contributor?.email,
    special,
    origin,
    listedDaysAgo,
  };
}

function buildProducts(): DemoProduct[] {
  const usedTexts = new Set<string>();
  const all = [...ROWS.map((r, i) => [r, i, false] as const), ...SPECIAL_ROWS.map((r, i) => [r, i, true] as const)];
  return all.map(([r, i, special], position) => toProduct(r, i, special, position, all.length, usedTexts));
}

export const DEMO_PRODUCTS: DemoProduct[] = buildProducts();

export interface DemoBlog {
  title: string;
  excerpt: string;
  body: string;
  tags: string[];
  /** The cover: these kinds of product side by side, each in its colour. */
  cover: { kind: DemoKind; colour: string }[];
  coverBackground: string;
}

export const DEMO_BLOGS: DemoBlog[] = [
  {
    title: 'Building a capsule wardrobe in ten pieces',
    excerpt: 'Fewer clothes, more outfits: how to choose ten pieces that work together all year.',
    tags: ['style', 'guides'],
    cover: [
      { kind: 'tshirt', colour: '#f5f5f4' },
      { kind: 'jeans', colour: '#1d4ed8' },
      { kind: 'overcoat', colour: '#44403c' },
    ],
    coverBackground: '#fef3c7',
    body: `A capsule wardrobe is a small set of clothes that all work together.\n\n## Start with the basics\n\n- Two **plain tees** in white and black\n- One pair of **straight jeans**\n- A **wool overcoat** for the cold months\n\n## Add texture, not noise\n\nA cable knit or a linen shirt adds depth without clashing. Keep prints to one or two pieces.\n\n> Buy less, choose well, make it last.\n`,
  },
  {
    title: 'How to care for wool and cashmere',
    excerpt: 'Wash less, dry flat, fold never hang: a short guide to knits that last for decades.',
    tags: ['care', 'guides'],
    cover: [
      { kind: 'sweater', colour: '#e7e5e4' },
      { kind: 'scarf', colour: '#c084fc' },
      { kind: 'beanie', colour: '#b91c1c' },
    ],
    coverBackground: '#ede9fe',
    body: `Good knitwear lasts for years if you treat it kindly.\n\n1. **Air it** between wears instead of washing.\n2. **Hand wash** in cool water with a wool detergent.\n3. **Dry flat** on a towel, away from the radiator.\n4. **Fold**, never hang: hangers stretch the shoulders.\n\nPilling is normal at first; a cashmere comb lifts it off in a minute.\n`,
  },
  {
    title: 'Meet our contributors: the makers behind the shop',
    excerpt: 'Independent workshops and distributors fill our catalogue. Here are four of them.',
    tags: ['contributors', 'stories'],
    cover: [
      { kind: 'satchel', colour: '#713f12' },
      { kind: 'boot', colour: '#451a03' },
      { kind: 'watch', colour: '#0c4a6e' },
    ],
    coverBackground: '#ffedd5',
    body: `Many of the pieces in our shop come from **independent distributors** and small workshops.\n\n### Threadline Studio\n\nOur own studio line: numbered jackets, a bias-cut silk dress and boots built to be resoled.\n\n### Alpine Co. Outfitters\n\nKnitwear, down and packs for cold mornings, tested on the trails above their workshop.\n\n### Maison Vale Atelier\n\nA family atelier cutting dresses, leather and cashmere in small runs.\n\n### Stride Lab\n\nTrainers, court shoes and a minimal watch, designed by runners.\n\nWant to sell with us? [Register as a distributor](/distributor/register).\n`,
  },
  {
    title: 'Leather care: boots, bags and belts',
    excerpt: 'A cloth, a brush and a tin of balm: the ten minutes a season that keep leather going for decades.',
    tags: ['care', 'guides'],
    cover: [
      { kind: 'boot', colour: '#7c2d12' },
      { kind: 'belt', colour: '#78350f' },
      { kind: 'bag', colour: '#92400e' },
    ],
    coverBackground: '#f5f5f4',
    body: `Leather is skin: it dries out, it cracks, and with a little care it ages beautifully.\n\n## Clean\n\nBrush off dust and wipe with a barely damp cloth. **Never** put leather in the washing machine.\n\n## Condition\n\nA thin layer of balm every few months keeps it supple. Let it soak in overnight, then buff.\n\n## Dry slowly\n\nWet boots dry at room temperature, stuffed with newspaper. A radiator cracks them in one evening.\n\n> Nubuck and suede want a brush and a proofing spray instead of balm.\n`,
  },
];
